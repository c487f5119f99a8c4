ALTER TABLE "profiles" ADD COLUMN "public_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "headline" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_public_name_length" CHECK (char_length("profiles"."public_name") <= 60);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_headline_length" CHECK (char_length("profiles"."headline") <= 80);