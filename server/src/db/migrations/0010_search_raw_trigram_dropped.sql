DROP INDEX "md_nmpa_code_trgm";--> statement-breakpoint
DROP INDEX "md_nmpa_cn_trgm";--> statement-breakpoint
DROP INDEX "md_nmpa_en_trgm";--> statement-breakpoint
DROP INDEX "md_upn_upn_trgm";--> statement-breakpoint
DROP INDEX "md_upn_name_trgm";