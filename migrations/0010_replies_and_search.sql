CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_replies_title_length" CHECK (char_length("saved_replies"."title") between 1 and 100),
	CONSTRAINT "saved_replies_body_length" CHECK (char_length(btrim("saved_replies"."body")) > 0 and char_length("saved_replies"."body") <= 4000)
);
--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_title_key" ON "saved_replies" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "concierge_message_search_idx" ON "executive_concierge_messages" USING gin (to_tsvector('english', "message"));--> statement-breakpoint
CREATE INDEX "messages_body_search_idx" ON "messages" USING gin (to_tsvector('english', "body"));--> statement-breakpoint
CREATE INDEX "sales_inquiries_message_search_idx" ON "sales_inquiries" USING gin (to_tsvector('english', "subject" || ' ' || "message"));--> statement-breakpoint
CREATE INDEX "sales_inquiries_reply_search_idx" ON "sales_inquiries" USING gin (to_tsvector('english', "admin_reply"));