CREATE INDEX "md_employee_no_trgm" ON "md_employee" USING gin ("employee_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_employee_chars" ON "md_employee" USING gin ((string_to_array(lower(coalesce("chinese_name", '') || coalesce("english_name", '') || coalesce("email", '') || coalesce("employee_no", '')), NULL)));--> statement-breakpoint
CREATE INDEX "md_nmpa_chars" ON "md_nmpa_certificate" USING gin ((string_to_array(lower(coalesce("certificate_code", '') || coalesce("product_name_cn", '') || coalesce("product_name_en", '')), NULL)));--> statement-breakpoint
CREATE INDEX "bsc_policy_chars" ON "bsc_policy" USING gin ((string_to_array(lower(coalesce("title", '') || coalesce("keyword", '') || coalesce("content_text", '')), NULL)));--> statement-breakpoint
CREATE INDEX "bsc_policy_keyword_trgm" ON "bsc_policy" USING gin ("keyword" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bsc_policy_published_idx" ON "bsc_policy" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "bsc_policy"."status" = 4 AND "bsc_policy"."visibility" = 1;--> statement-breakpoint
CREATE INDEX "md_upn_chars" ON "md_upn" USING gin ((string_to_array(lower(coalesce("upn", '') || coalesce("name", '')), NULL)));--> statement-breakpoint
CREATE INDEX "sys_user_name_trgm" ON "sys_user" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sys_user_real_name_trgm" ON "sys_user" USING gin ("real_name" gin_trgm_ops);