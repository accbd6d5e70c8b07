CREATE TABLE "sys_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"content" "bytea" NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_status_record" ADD COLUMN "theme_code" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "personal_status_record" ADD COLUMN "theme_color" varchar(7);--> statement-breakpoint
ALTER TABLE "personal_status_record" ADD COLUMN "theme_head_color" varchar(7);--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "login_type" varchar(20) DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "login_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "head_icon_file_id" integer;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "password_update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_file" ADD CONSTRAINT "sys_file_owner_user_id_sys_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_file_owner_idx" ON "sys_file" USING btree ("owner_user_id","purpose");--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_head_icon_file_id_sys_file_id_fk" FOREIGN KEY ("head_icon_file_id") REFERENCES "public"."sys_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "head_icon";