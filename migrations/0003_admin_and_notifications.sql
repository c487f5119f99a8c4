CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "demo_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_users" ADD CONSTRAINT "demo_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_trgm_idx" ON "profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_category_status_created_idx" ON "requests" USING btree ("category","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_category_created_idx" ON "requests" USING btree ("category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_budget_idx" ON "requests" USING btree ("budget_eur","created_at");--> statement-breakpoint
CREATE INDEX "requests_status_budget_idx" ON "requests" USING btree ("status","budget_eur","created_at");--> statement-breakpoint
CREATE INDEX "requests_title_trgm_idx" ON "requests" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_seeded_idx" ON "requests" USING btree ("seeded") WHERE "requests"."seeded";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('status_changed', 'message_received', 'request_created', 'test'));