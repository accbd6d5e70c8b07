CREATE TABLE "portal_signing_request" (
	"request_id" varchar(100) PRIMARY KEY NOT NULL,
	"sid_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"return_to" varchar(500) NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_signing_request" ADD CONSTRAINT "portal_signing_request_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_signing_request_expires_idx" ON "portal_signing_request" USING btree ("expires_at");