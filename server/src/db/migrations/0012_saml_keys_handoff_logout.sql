CREATE TABLE "sso_handoff" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"binding_hash" varchar(64) NOT NULL,
	"user_id" integer,
	"saml_name_id" varchar(500),
	"saml_name_id_format" varchar(200),
	"saml_session_index" varchar(200),
	"error" jsonb,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_server_key" ADD COLUMN "cert_pem" text;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "saml_name_id" varchar(500);--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "saml_name_id_format" varchar(200);--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "saml_session_index" varchar(200);--> statement-breakpoint
ALTER TABLE "sso_handoff" ADD CONSTRAINT "sso_handoff_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_handoff_expires_idx" ON "sso_handoff" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_session_saml_name_id_idx" ON "sys_session" USING btree ("saml_name_id");