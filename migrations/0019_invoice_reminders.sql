ALTER TABLE "balance_invoices" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "balance_invoices" ADD COLUMN "reminded_after_at" timestamp with time zone;