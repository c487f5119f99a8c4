CREATE TABLE "inbox_snoozes" (
	"kind" text NOT NULL,
	"conversation_id" text NOT NULL,
	"member_user_id" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"note" text,
	"snoozed_by" text,
	"snoozed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_snoozes_kind_conversation_id_pk" PRIMARY KEY("kind","conversation_id"),
	CONSTRAINT "inbox_snoozes_note_length" CHECK (char_length("inbox_snoozes"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "inbox_snoozes" ADD CONSTRAINT "inbox_snoozes_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_snoozes" ADD CONSTRAINT "inbox_snoozes_snoozed_by_users_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_snoozes_until_idx" ON "inbox_snoozes" USING btree ("until");--> statement-breakpoint
CREATE INDEX "inbox_snoozes_member_idx" ON "inbox_snoozes" USING btree ("member_user_id");--> statement-breakpoint
CREATE INDEX "concierge_user_role_created_idx" ON "executive_concierge_messages" USING btree ("user_id","sender_role","created_at");--> statement-breakpoint
CREATE INDEX "messages_request_sender_created_idx" ON "messages" USING btree ("request_id","sender_user_id","created_at");