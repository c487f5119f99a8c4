ALTER TABLE "deal_files" RENAME TO "quote_files";--> statement-breakpoint
ALTER TABLE "quote_files" RENAME CONSTRAINT "deal_files_storage_key_unique" TO "quote_files_storage_key_unique";--> statement-breakpoint
ALTER TABLE "quote_files" RENAME CONSTRAINT "deal_files_request_id_requests_id_fk" TO "quote_files_request_id_requests_id_fk";--> statement-breakpoint
ALTER TABLE "quote_files" RENAME CONSTRAINT "deal_files_uploaded_by_users_id_fk" TO "quote_files_uploaded_by_users_id_fk";--> statement-breakpoint
ALTER INDEX "deal_files_request_idx" RENAME TO "quote_files_request_idx";
