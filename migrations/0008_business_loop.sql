CREATE TYPE "public"."delivery_status" AS ENUM('delivered', 'confirmed', 'problem');--> statement-breakpoint
CREATE TYPE "public"."hold_status" AS ENUM('pending', 'requires_action', 'held', 'captured', 'released', 'expired', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."quote_status" AS ENUM('draft', 'sent', 'accepted', 'declined', 'superseded');--> statement-breakpoint
CREATE TABLE "deal_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"status" "delivery_status" DEFAULT 'delivered' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivered_by" text,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"problem" text
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"status" "hold_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"captured_cents" bigint DEFAULT 0 NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"payment_intent_id" text,
	"expires_at" timestamp with time zone,
	"reauthorization_requested" boolean DEFAULT false NOT NULL,
	"receipt_url" text,
	"failure" text,
	"pending_action" text,
	"action_by" text,
	"action_reason" text,
	"held_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"provider_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holds_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "holds_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "holds_amount_min" CHECK ("holds"."amount_cents" >= 50),
	CONSTRAINT "holds_captured_range" CHECK ("holds"."captured_cents" between 0 and "holds"."amount_cents"),
	CONSTRAINT "holds_pending_action_known" CHECK ("holds"."pending_action" is null or "holds"."pending_action" in ('capture', 'release'))
);
--> statement-breakpoint
CREATE TABLE "quote_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" bigint NOT NULL,
	"supplier_terms" text DEFAULT '' NOT NULL,
	"estimated_delivery" date,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "quote_options_price_min" CHECK ("quote_options"."price_cents" >= 100),
	CONSTRAINT "quote_options_position_range" CHECK ("quote_options"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"status" "quote_status" DEFAULT 'draft' NOT NULL,
	"valid_until" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"accepted_option_id" uuid,
	"decline_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	CONSTRAINT "quotes_message_length" CHECK (char_length("quotes"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "deal_files" ADD CONSTRAINT "deal_files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_files" ADD CONSTRAINT "deal_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_option_id_quote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."quote_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_action_by_users_id_fk" FOREIGN KEY ("action_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_options" ADD CONSTRAINT "quote_options_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_files_request_idx" ON "deal_files" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_live_key" ON "holds" USING btree ("request_id") WHERE "holds"."status" in ('pending', 'requires_action', 'held');--> statement-breakpoint
CREATE INDEX "holds_request_created_idx" ON "holds" USING btree ("request_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "holds_user_created_idx" ON "holds" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "holds_held_expiry_idx" ON "holds" USING btree ("expires_at") WHERE "holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "quote_options_position_key" ON "quote_options" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quotes_request_created_idx" ON "quotes" USING btree ("request_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_current_key" ON "quotes" USING btree ("request_id") WHERE "quotes"."status" in ('sent', 'accepted');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('status_changed', 'message_received', 'request_created', 'quote_sent', 'quote_accepted', 'quote_declined', 'hold_placed', 'payment_captured', 'hold_released', 'hold_expired', 'reauthorization_requested', 'delivered', 'receipt_confirmed', 'problem_reported', 'test'));