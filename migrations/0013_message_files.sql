CREATE TABLE "message_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"request_id" uuid,
	"message_id" uuid,
	"concierge_member_id" text,
	"concierge_message_id" uuid,
	"uploaded_by" text,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "message_files_thread" CHECK (("message_files"."domain" = 'requests' and "message_files"."request_id" is not null and "message_files"."concierge_member_id" is null and "message_files"."concierge_message_id" is null)
        or ("message_files"."domain" = 'concierge' and "message_files"."concierge_member_id" is not null and "message_files"."request_id" is null and "message_files"."message_id" is null))
);
--> statement-breakpoint
ALTER TABLE "executive_concierge_messages" DROP CONSTRAINT "concierge_message_not_blank";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_body_not_blank";--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_concierge_member_id_users_id_fk" FOREIGN KEY ("concierge_member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_concierge_message_id_executive_concierge_messages_id_fk" FOREIGN KEY ("concierge_message_id") REFERENCES "public"."executive_concierge_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_files_message_idx" ON "message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_files_concierge_message_idx" ON "message_files" USING btree ("concierge_message_id");--> statement-breakpoint
CREATE INDEX "message_files_pending_idx" ON "message_files" USING btree ("created_at") WHERE "message_files"."message_id" is null and "message_files"."concierge_message_id" is null;--> statement-breakpoint
ALTER TABLE "executive_concierge_messages" ADD CONSTRAINT "concierge_message_not_blank" CHECK ("executive_concierge_messages"."message" = '' or char_length(btrim("executive_concierge_messages"."message")) > 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_body_not_blank" CHECK ("messages"."body" = '' or char_length(btrim("messages"."body")) > 0);