CREATE TABLE "service_level_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	"hours" jsonb NOT NULL,
	"holidays" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_level_settings_one_row" CHECK ("service_level_settings"."id")
);
--> statement-breakpoint
CREATE TABLE "service_level_warnings" (
	"conversation_key" text NOT NULL,
	"target" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_level_warnings_conversation_key_target_started_at_pk" PRIMARY KEY("conversation_key","target","started_at")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "service_level_settings" ADD CONSTRAINT "service_level_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_level_warnings_warned_idx" ON "service_level_warnings" USING btree ("warned_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('status_changed', 'message_received', 'request_created', 'quote_sent', 'quote_accepted', 'quote_declined', 'hold_placed', 'payment_captured', 'hold_released', 'balance_invoice', 'payment_refunded', 'hold_expired', 'hold_lapsing', 'reauthorization_requested', 'delivered', 'receipt_confirmed', 'problem_reported', 'assigned', 'test', 'request_changed', 'request_withdrawn', 'dispute_opened', 'dispute_closed', 'service_level_breach'));