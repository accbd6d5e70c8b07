CREATE TABLE "bsc_app_label" (
	"app_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "bsc_app_label_app_id_label_id_pk" PRIMARY KEY("app_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "bsc_dept_label" (
	"dept_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "bsc_dept_label_dept_id_label_id_pk" PRIMARY KEY("dept_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "sys_dept" (
	"id" serial PRIMARY KEY NOT NULL,
	"dept_name" varchar(100) NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "md_employee" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_no" varchar(20) NOT NULL,
	"chinese_name" varchar(50),
	"english_name" varchar(100),
	"title" varchar(100),
	"email" varchar(100),
	"department" varchar(100),
	"supervisor" varchar(100),
	"city" varchar(50),
	CONSTRAINT "md_employee_employee_no_unique" UNIQUE("employee_no")
);
--> statement-breakpoint
CREATE TABLE "bsc_folder" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_name" varchar(100) NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bsc_label" (
	"id" serial PRIMARY KEY NOT NULL,
	"label_name" varchar(50) NOT NULL,
	"label_en_name" varchar(50) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bsc_label_label_name_unique" UNIQUE("label_name")
);
--> statement-breakpoint
CREATE TABLE "md_nmpa_certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_code" varchar(60) NOT NULL,
	"product_name_cn" varchar(200) NOT NULL,
	"product_name_en" varchar(200),
	"valid_from" date,
	"valid_to" date,
	"category" varchar(50),
	"approved_date" date,
	"manufacturer" varchar(200),
	"registrant" varchar(200),
	"address" varchar(300),
	CONSTRAINT "md_nmpa_certificate_certificate_code_unique" UNIQUE("certificate_code")
);
--> statement-breakpoint
CREATE TABLE "personal_app_label" (
	"personal_app_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "personal_app_label_personal_app_id_label_id_pk" PRIMARY KEY("personal_app_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "bsc_policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"keyword" varchar(50) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"visibility" smallint DEFAULT 1 NOT NULL,
	"review_flag" smallint DEFAULT 0 NOT NULL,
	"version_number" varchar(11) DEFAULT '1.0.0' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"dept_id" integer,
	"creator_id" integer,
	"folder_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bsc_policy_keyword_unique" UNIQUE("keyword")
);
--> statement-breakpoint
CREATE TABLE "bsc_policy_attachment" (
	"policy_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bsc_policy_attachment_policy_id_file_id_pk" PRIMARY KEY("policy_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "bsc_policy_label" (
	"policy_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "bsc_policy_label_policy_id_label_id_pk" PRIMARY KEY("policy_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scope" varchar(10) NOT NULL,
	"keyword" varchar(100) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "talk_show_vote" (
	"talk_show_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"vote" smallint NOT NULL,
	CONSTRAINT "talk_show_vote_talk_show_id_user_id_pk" PRIMARY KEY("talk_show_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "talk_show" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"parent_id" integer,
	"user_id" integer NOT NULL,
	"review_status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" varchar(200),
	"checker_id" integer,
	"check_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "md_upn" (
	"upn" varchar(50) PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"status" varchar(30) NOT NULL,
	"restrict_reason" varchar(300)
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "dept_id" integer;--> statement-breakpoint
ALTER TABLE "bsc_app_label" ADD CONSTRAINT "bsc_app_label_app_id_bsc_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."bsc_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_app_label" ADD CONSTRAINT "bsc_app_label_label_id_bsc_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."bsc_label"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_dept_label" ADD CONSTRAINT "bsc_dept_label_dept_id_sys_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_dept_label" ADD CONSTRAINT "bsc_dept_label_label_id_bsc_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."bsc_label"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept" ADD CONSTRAINT "sys_dept_parent_id_sys_dept_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_dept"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_folder" ADD CONSTRAINT "bsc_folder_parent_id_bsc_folder_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."bsc_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_app_label" ADD CONSTRAINT "personal_app_label_personal_app_id_personal_app_id_fk" FOREIGN KEY ("personal_app_id") REFERENCES "public"."personal_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_app_label" ADD CONSTRAINT "personal_app_label_label_id_bsc_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."bsc_label"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy" ADD CONSTRAINT "bsc_policy_dept_id_sys_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy" ADD CONSTRAINT "bsc_policy_creator_id_sys_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy" ADD CONSTRAINT "bsc_policy_folder_id_bsc_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."bsc_folder"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy_attachment" ADD CONSTRAINT "bsc_policy_attachment_policy_id_bsc_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."bsc_policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy_attachment" ADD CONSTRAINT "bsc_policy_attachment_file_id_sys_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy_label" ADD CONSTRAINT "bsc_policy_label_policy_id_bsc_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."bsc_policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy_label" ADD CONSTRAINT "bsc_policy_label_label_id_bsc_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."bsc_label"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_show_vote" ADD CONSTRAINT "talk_show_vote_talk_show_id_talk_show_id_fk" FOREIGN KEY ("talk_show_id") REFERENCES "public"."talk_show"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_show_vote" ADD CONSTRAINT "talk_show_vote_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_show" ADD CONSTRAINT "talk_show_parent_id_talk_show_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."talk_show"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_show" ADD CONSTRAINT "talk_show_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talk_show" ADD CONSTRAINT "talk_show_checker_id_sys_user_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsc_app_label_label_idx" ON "bsc_app_label" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "bsc_dept_label_label_idx" ON "bsc_dept_label" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "sys_dept_parent_idx" ON "sys_dept" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "md_employee_cn_trgm" ON "md_employee" USING gin ("chinese_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_employee_en_trgm" ON "md_employee" USING gin ("english_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_employee_email_trgm" ON "md_employee" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_employee_en_idx" ON "md_employee" USING btree ("english_name");--> statement-breakpoint
CREATE INDEX "bsc_folder_parent_idx" ON "bsc_folder" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "md_nmpa_code_trgm" ON "md_nmpa_certificate" USING gin ("certificate_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_nmpa_cn_trgm" ON "md_nmpa_certificate" USING gin ("product_name_cn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_nmpa_en_trgm" ON "md_nmpa_certificate" USING gin ("product_name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_nmpa_approved_idx" ON "md_nmpa_certificate" USING btree ("approved_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personal_app_label_label_idx" ON "personal_app_label" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "bsc_policy_folder_idx" ON "bsc_policy" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "bsc_policy_shown_idx" ON "bsc_policy" USING btree ("status","visibility","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bsc_policy_title_trgm" ON "bsc_policy" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bsc_policy_content_trgm" ON "bsc_policy" USING gin ("content_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bsc_policy_fts" ON "bsc_policy" USING gin (to_tsvector('simple', "title" || ' ' || "keyword" || ' ' || "content_text"));--> statement-breakpoint
CREATE INDEX "bsc_policy_label_label_idx" ON "bsc_policy_label" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_history_uq" ON "search_history" USING btree ("user_id","scope","keyword");--> statement-breakpoint
CREATE INDEX "search_history_recent_idx" ON "search_history" USING btree ("user_id","scope","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talk_show_list_idx" ON "talk_show" USING btree ("parent_id","review_status","create_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "talk_show_user_idx" ON "talk_show" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "md_upn_upn_trgm" ON "md_upn" USING gin ("upn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "md_upn_name_trgm" ON "md_upn" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_dept_id_sys_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("id") ON DELETE set null ON UPDATE no action;