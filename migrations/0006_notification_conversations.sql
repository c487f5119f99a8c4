ALTER TABLE "notifications" ADD COLUMN "concierge_member_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_concierge_member_id_users_id_fk" FOREIGN KEY ("concierge_member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_concierge_member_idx" ON "notifications" USING btree ("concierge_member_id") WHERE "notifications"."concierge_member_id" is not null;--> statement-breakpoint
-- Existing concierge notifications are tied to their conversation: the staff's by their link, the member's own by
-- its reader (a link to a deleted member's conversation stays untied).
UPDATE "notifications" n SET "concierge_member_id" = u."id" FROM "users" u
  WHERE n."link" = '/admin/inbox?tab=concierge&member=' || u."id";--> statement-breakpoint
UPDATE "notifications" SET "concierge_member_id" = "user_id" WHERE "link" = '/messages?view=concierge';--> statement-breakpoint
-- What a reader has already read is no news: message notifications about a request thread with nothing unread for
-- its reader, and a member's concierge notifications with no unread reply, are read.
UPDATE "notifications" n SET "read" = true
  WHERE NOT n."read" AND n."type" = 'message_received' AND n."request_id" IS NOT NULL
    AND NOT EXISTS (
      SELECT 1 FROM "messages" m
      WHERE m."request_id" = n."request_id" AND m."sender_user_id" IS DISTINCT FROM n."user_id"
        AND NOT EXISTS (SELECT 1 FROM "message_reads" r WHERE r."message_id" = m."id" AND r."user_id" = n."user_id"));--> statement-breakpoint
UPDATE "notifications" n SET "read" = true
  WHERE NOT n."read" AND n."type" = 'message_received' AND n."concierge_member_id" = n."user_id"
    AND NOT EXISTS (
      SELECT 1 FROM "executive_concierge_messages" c
      WHERE c."user_id" = n."user_id" AND c."sender_role" = 'admin' AND NOT c."read");
