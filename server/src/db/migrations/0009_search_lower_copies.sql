ALTER TABLE "md_nmpa_certificate" ADD COLUMN "certificate_code_lower" text GENERATED ALWAYS AS (lower("certificate_code")) STORED;--> statement-breakpoint
ALTER TABLE "md_nmpa_certificate" ADD COLUMN "product_name_cn_lower" text GENERATED ALWAYS AS (lower("product_name_cn")) STORED;--> statement-breakpoint
ALTER TABLE "md_nmpa_certificate" ADD COLUMN "product_name_en_lower" text GENERATED ALWAYS AS (lower("product_name_en")) STORED;--> statement-breakpoint
ALTER TABLE "md_upn" ADD COLUMN "upn_lower" text GENERATED ALWAYS AS (lower("upn")) STORED;--> statement-breakpoint
ALTER TABLE "md_upn" ADD COLUMN "name_lower" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
CREATE INDEX "md_nmpa_code_lower_trgm" ON "md_nmpa_certificate" USING gin ("certificate_code_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_nmpa_cn_lower_trgm" ON "md_nmpa_certificate" USING gin ("product_name_cn_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_nmpa_en_lower_trgm" ON "md_nmpa_certificate" USING gin ("product_name_en_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_upn_upn_lower_trgm" ON "md_upn" USING gin ("upn_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_upn_name_lower_trgm" ON "md_upn" USING gin ("name_lower" gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new columns before the first search (issue 9).
ANALYZE "md_upn";--> statement-breakpoint
ANALYZE "md_nmpa_certificate";
