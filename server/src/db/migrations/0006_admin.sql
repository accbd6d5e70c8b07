CREATE TABLE "sys_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_name" varchar(50) NOT NULL,
	"operation_id" varchar(80) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(200) NOT NULL,
	"entity" varchar(50) NOT NULL,
	"entity_id" varchar(50),
	"before" jsonb,
	"after" jsonb,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bsc_portal_app" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_name" varchar(100) NOT NULL,
	"app_url" varchar(2000) NOT NULL,
	"keyword" varchar(50),
	"description" varchar(500),
	"app_icon_url" varchar(2000),
	"pc_or_h5_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bsc_portal_app_keyword_unique" UNIQUE("keyword")
);
--> statement-breakpoint
ALTER TABLE "sys_audit_log" ADD CONSTRAINT "sys_audit_log_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_audit_log_time_idx" ON "sys_audit_log" USING btree ("create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sys_audit_log_entity_idx" ON "sys_audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "sys_audit_log_user_idx" ON "sys_audit_log" USING btree ("user_id");