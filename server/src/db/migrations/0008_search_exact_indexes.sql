DROP INDEX "md_nmpa_approved_idx";--> statement-breakpoint
CREATE INDEX "md_nmpa_code_lower" ON "md_nmpa_certificate" USING btree (lower("certificate_code"));--> statement-breakpoint
CREATE INDEX "md_nmpa_cn_lower" ON "md_nmpa_certificate" USING btree (lower("product_name_cn"));--> statement-breakpoint
CREATE INDEX "md_nmpa_en_lower" ON "md_nmpa_certificate" USING btree (lower("product_name_en"));--> statement-breakpoint
CREATE INDEX "md_upn_upn_lower" ON "md_upn" USING btree (lower("upn"));--> statement-breakpoint
CREATE INDEX "md_upn_name_lower" ON "md_upn" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sys_user_bu_trgm" ON "sys_user" USING gin ("bu" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_nmpa_approved_idx" ON "md_nmpa_certificate" USING btree ("approved_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The planner knows the lower() expressions only once the tables are analysed (issue 9).
ANALYZE "md_upn";--> statement-breakpoint
ANALYZE "md_nmpa_certificate";--> statement-breakpoint
ANALYZE "sys_user";
