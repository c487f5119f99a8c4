CREATE TABLE "concierge_assignments" (
	"member_user_id" text PRIMARY KEY NOT NULL,
	"assignee_user_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_assignment_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"round_robin" boolean DEFAULT false NOT NULL,
	"last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "assignee_user_id" text;--> statement-breakpoint
ALTER TABLE "concierge_assignments" ADD CONSTRAINT "concierge_assignments_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concierge_assignments" ADD CONSTRAINT "concierge_assignments_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_assignment_settings" ADD CONSTRAINT "staff_assignment_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concierge_assignments_assignee_idx" ON "concierge_assignments" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "staff_assignment_round_robin_idx" ON "staff_assignment_settings" USING btree ("last_assigned_at") WHERE "staff_assignment_settings"."round_robin";--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_assignee_created_idx" ON "requests" USING btree ("assignee_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('status_changed', 'message_received', 'request_created', 'quote_sent', 'quote_accepted', 'quote_declined', 'hold_placed', 'payment_captured', 'hold_released', 'hold_expired', 'reauthorization_requested', 'delivered', 'receipt_confirmed', 'problem_reported', 'assigned', 'test', 'request_changed', 'request_withdrawn'));