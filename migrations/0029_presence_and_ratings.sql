CREATE TABLE "presence" (
	"user_id" text NOT NULL,
	"place" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"typing_until" timestamp with time zone,
	CONSTRAINT "presence_user_id_place_pk" PRIMARY KEY("user_id","place")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"request_id" uuid,
	"member_user_id" text NOT NULL,
	"owner_user_id" text,
	"tier" "plan" NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score_range" CHECK ("ratings"."score" between 1 and 5),
	CONSTRAINT "ratings_comment_length" CHECK (char_length("ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_known";--> statement-breakpoint
ALTER TABLE "saved_replies" ADD COLUMN "shortcut" text;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_place_idx" ON "presence" USING btree ("place","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_subject_key" ON "ratings" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "ratings_created_idx" ON "ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "concierge_notes_body_search_idx" ON "concierge_notes" USING gin (to_tsvector('english', "body"));--> statement-breakpoint
CREATE INDEX "request_notes_body_search_idx" ON "request_notes" USING gin (to_tsvector('english', "body"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_shortcut_key" ON "saved_replies" USING btree ("shortcut");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_known" CHECK ("notifications"."type" in ('status_changed', 'message_received', 'request_created', 'quote_sent', 'quote_accepted', 'quote_declined', 'hold_placed', 'payment_captured', 'hold_released', 'balance_invoice', 'payment_refunded', 'hold_expired', 'hold_lapsing', 'reauthorization_requested', 'delivered', 'receipt_confirmed', 'problem_reported', 'assigned', 'test', 'request_changed', 'request_withdrawn', 'dispute_opened', 'dispute_closed', 'service_level_breach', 'rating_low'));--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_shortcut_format" CHECK ("saved_replies"."shortcut" ~ '^[a-z0-9][a-z0-9-]{0,29}$');--> statement-breakpoint
-- Saved replies that ship with the product (issue 31 item 8), in both languages: written once, by this
-- migration, so the team may edit or delete them and a deleted one never comes back.
INSERT INTO "saved_replies" ("title", "body", "shortcut") VALUES
  ('Welcome to Maison', 'Dear {first_name},

Thank you for your request. I am looking after it personally and will write to you as soon as I have news from our suppliers.', 'welcome'),
  ('Bem-vindo à Maison', 'Caro(a) {first_name},

Obrigado pelo seu pedido. Estou a acompanhá-lo pessoalmente e escrevo-lhe assim que tiver notícias dos nossos fornecedores.', 'boas-vindas'),
  ('Progress update', 'Dear {first_name},

A short update: we have found promising options and are confirming condition, price and delivery. You will have a quote shortly.', 'update'),
  ('Ponto de situação', 'Caro(a) {first_name},

Um breve ponto de situação: encontrámos opções promissoras e estamos a confirmar estado, preço e entrega. Receberá uma proposta em breve.', 'ponto'),
  ('Delivery arranged', 'Dear {first_name},

Your delivery is arranged. Please confirm receipt in the app once it reaches you; we would be glad to hear how it went.', 'delivery'),
  ('Entrega combinada', 'Caro(a) {first_name},

A sua entrega está combinada. Confirme a receção na aplicação quando a receber; gostaríamos de saber como correu.', 'entrega')
ON CONFLICT DO NOTHING;
