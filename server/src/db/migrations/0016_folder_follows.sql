-- Issue 23: who follows which help-centre folder (a published policy change there notifies them), and
-- when a policy was first approved (its later approvals are "updated" to the followers).
CREATE TABLE "portal_folder_follow" (
	"user_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_folder_follow_user_id_folder_id_pk" PRIMARY KEY("user_id","folder_id")
);
--> statement-breakpoint
ALTER TABLE "bsc_policy" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_folder_follow" ADD CONSTRAINT "portal_folder_follow_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_folder_follow" ADD CONSTRAINT "portal_folder_follow_folder_id_bsc_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."bsc_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_folder_follow_folder_idx" ON "portal_folder_follow" USING btree ("folder_id");--> statement-breakpoint
-- Issue 23: policies approved before this migration count as published once (their next approval is an update).
UPDATE "bsc_policy" SET "first_approved_at" = "update_time" WHERE "status" = 4;
