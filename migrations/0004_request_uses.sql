CREATE TABLE "request_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_uses" ADD CONSTRAINT "request_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_uses" ADD CONSTRAINT "request_uses_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_uses_user_created_idx" ON "request_uses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "request_uses_request_idx" ON "request_uses" USING btree ("request_id");--> statement-breakpoint
-- Every request that exists today was created and counts for its month.
INSERT INTO "request_uses" ("user_id", "request_id", "created_at") SELECT "user_id", "id", "created_at" FROM "requests";
