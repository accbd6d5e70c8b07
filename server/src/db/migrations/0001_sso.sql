CREATE TABLE "sso_saml_replay" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_saml_request" (
	"id" varchar(100) PRIMARY KEY NOT NULL,
	"value" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_token_jti" (
	"jti" varchar(300) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_saml_replay_expires_idx" ON "sso_saml_replay" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_saml_request_expires_idx" ON "sso_saml_request" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_token_jti_expires_idx" ON "sso_token_jti" USING btree ("expires_at");