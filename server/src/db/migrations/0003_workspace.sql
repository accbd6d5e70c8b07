CREATE TABLE "bsc_app" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_name" varchar(100) NOT NULL,
	"app_url" varchar(2000) NOT NULL,
	"keyword" varchar(50),
	"description" varchar(500),
	"app_icon_url" varchar(2000),
	"pc_or_h5_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bsc_app_keyword_unique" UNIQUE("keyword")
);
--> statement-breakpoint
CREATE TABLE "bsc_chart" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_name" varchar(100) NOT NULL,
	"data_url" varchar(2000) NOT NULL,
	"original_url" varchar(2000),
	"pc_or_h5_status" smallint DEFAULT 0 NOT NULL,
	"compatibility" varchar(100),
	"status" smallint DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bsc_default_layout" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_code" varchar(20) NOT NULL,
	"model_abscissa_length" integer NOT NULL,
	"model_ordinate_length" integer NOT NULL,
	"model_top_margin" integer NOT NULL,
	"model_left_margin" integer NOT NULL,
	"model_zoom" integer DEFAULT 0 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "bsc_default_layout_model_code_unique" UNIQUE("model_code")
);
--> statement-breakpoint
CREATE TABLE "personal_app" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer,
	"app_name" varchar(100) NOT NULL,
	"app_icon_url" varchar(2000),
	"app_url" varchar(2000) NOT NULL,
	"app_sort" integer DEFAULT 0 NOT NULL,
	"favorite_status" smallint DEFAULT 0 NOT NULL,
	"diy_status" smallint DEFAULT 0 NOT NULL,
	"pc_or_h5_status" smallint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_calendar" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"calendar_name" varchar(200) NOT NULL,
	"calendar_start_time" timestamp with time zone NOT NULL,
	"calendar_end_time" timestamp with time zone NOT NULL,
	"calendar_meeting" varchar(200),
	"calendar_organizer" varchar(100),
	"calendar_url" varchar(2000)
);
--> statement-breakpoint
CREATE TABLE "personal_chart" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chart_id" integer,
	"data_name" varchar(100) NOT NULL,
	"data_url" varchar(2000) NOT NULL,
	"original_url" varchar(2000),
	"pc_or_h5_status" smallint DEFAULT 0 NOT NULL,
	"data_sort" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_layout" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"breakpoint" varchar(2) DEFAULT 'lg' NOT NULL,
	"layout_version" integer DEFAULT 1 NOT NULL,
	"model_code" varchar(20) NOT NULL,
	"model_abscissa_length" integer NOT NULL,
	"model_ordinate_length" integer NOT NULL,
	"model_top_margin" integer NOT NULL,
	"model_left_margin" integer NOT NULL,
	"model_zoom" integer DEFAULT 0 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"receive_or_sponsor" smallint DEFAULT 0 NOT NULL,
	"handled_status" smallint DEFAULT 0 NOT NULL,
	"complete_status" smallint DEFAULT 0 NOT NULL,
	"task_status" smallint DEFAULT 1 NOT NULL,
	"form_status" smallint,
	"task_name" varchar(200) NOT NULL,
	"task_url" varchar(2000),
	"task_start_time" timestamp with time zone,
	"task_sponsor" varchar(100),
	"task_approved_person" varchar(100),
	"task_complete_time" timestamp with time zone,
	"task_current_approved" varchar(100),
	"type" varchar(50),
	"title" varchar(200),
	"request_date" timestamp with time zone,
	"requestor" varchar(100),
	"approved_by" varchar(100),
	"pending_on" varchar(100),
	"reminder_date" timestamp with time zone,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"completion_date" timestamp with time zone,
	"process_status" smallint,
	"approval_status" smallint
);
--> statement-breakpoint
CREATE TABLE "personal_weather_city" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"city_id" varchar(50) NOT NULL,
	"city_name" varchar(100) NOT NULL,
	"show_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_city" (
	"city_id" varchar(50) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"path" varchar(300) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"timezone" varchar(60),
	"now_temp" double precision,
	"low_temp" double precision,
	"high_temp" double precision,
	"wmo_code" smallint,
	"is_day" boolean,
	"weather_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_app" ADD CONSTRAINT "personal_app_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_app" ADD CONSTRAINT "personal_app_app_id_bsc_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."bsc_app"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_calendar" ADD CONSTRAINT "personal_calendar_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_chart" ADD CONSTRAINT "personal_chart_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_chart" ADD CONSTRAINT "personal_chart_chart_id_bsc_chart_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."bsc_chart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_layout" ADD CONSTRAINT "personal_layout_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_task" ADD CONSTRAINT "personal_task_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_weather_city" ADD CONSTRAINT "personal_weather_city_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_app_user_idx" ON "personal_app" USING btree ("user_id","favorite_status","app_sort");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_app_pick_uq" ON "personal_app" USING btree ("user_id","app_id");--> statement-breakpoint
CREATE INDEX "personal_calendar_user_start_idx" ON "personal_calendar" USING btree ("user_id","calendar_start_time");--> statement-breakpoint
CREATE INDEX "personal_chart_user_idx" ON "personal_chart" USING btree ("user_id","data_sort");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_layout_card_uq" ON "personal_layout" USING btree ("user_id","breakpoint","model_code");--> statement-breakpoint
CREATE INDEX "personal_task_list_idx" ON "personal_task" USING btree ("user_id","receive_or_sponsor","handled_status","request_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "personal_weather_city_uq" ON "personal_weather_city" USING btree ("user_id","city_id");--> statement-breakpoint
-- Product data, not demo data: the default card layout of spec 9 (px), all four cards shown.
INSERT INTO "bsc_default_layout" ("model_code", "model_abscissa_length", "model_ordinate_length", "model_top_margin", "model_left_margin", "model_zoom", "is_deleted") VALUES
  ('calendar_model', 380, 350, 10, 0, 0, 0),
  ('app_model', 380, 350, 10, 400, 1, 0),
  ('chart_model', 785, 350, 10, 820, 2, 0),
  ('task_model', 785, 250, 370, 0, 3, 0);
