ALTER TABLE "sys_role" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 18: "administrator" was the literal role code admin; it is now a property of the role.
UPDATE "sys_role" SET "is_admin" = true WHERE "role_code" = 'admin';--> statement-breakpoint
-- Sessions refer to their role by id (renaming a code no longer orphans them). Open sessions keep
-- their role; one whose code matches no role any more had no grants and ends here.
ALTER TABLE "sys_session" ADD COLUMN "role_id" integer;--> statement-breakpoint
UPDATE "sys_session" AS s SET "role_id" = r."id" FROM "sys_role" AS r WHERE r."role_code" = s."role_code";--> statement-breakpoint
DELETE FROM "sys_session" WHERE "role_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sys_session" ALTER COLUMN "role_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" DROP COLUMN "role_code";
