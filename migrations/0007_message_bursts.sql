ALTER TABLE "notifications" ADD COLUMN "burst" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "burst_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "burst_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "burst" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "burst_digest" jsonb;--> statement-breakpoint
-- One unread message notification per reader and conversation from now on: of several, the newest stays unread.
UPDATE "notifications" n SET "read" = true
  WHERE n."type" = 'message_received' AND NOT n."read" AND coalesce(n."request_id"::text, n."concierge_member_id") IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM "notifications" m
      WHERE m."user_id" = n."user_id" AND m."type" = 'message_received' AND NOT m."read"
        AND coalesce(m."request_id"::text, m."concierge_member_id") = coalesce(n."request_id"::text, n."concierge_member_id")
        AND (m."created_at", m."id") > (n."created_at", n."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_conversation_key" ON "notifications" USING btree ("user_id",(coalesce(request_id::text, concierge_member_id))) WHERE type = 'message_received' and not read and coalesce(request_id::text, concierge_member_id) is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_waiting_burst_key" ON "outbox" USING btree ("burst_key","burst_to") WHERE burst_key is not null and attempts = 0 and status in ('pending', 'held');--> statement-breakpoint
CREATE INDEX "outbox_burst_idx" ON "outbox" USING btree ("burst_key","burst_to") WHERE burst_key is not null;