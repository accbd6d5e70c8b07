CREATE TABLE "portal_acknowledgement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_acknowledgement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"policy_version_id" integer NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signature_id" bigint
);
--> statement-breakpoint
CREATE TABLE "portal_audit_trail" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(100) NOT NULL,
	"operation" varchar(80),
	"record_type" varchar(40) NOT NULL,
	"record_id" varchar(100) NOT NULL,
	"action" varchar(10) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" varchar(500),
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_campaign_assignee" (
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dept_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"acknowledgement_id" bigint,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "portal_campaign_assignee_campaign_id_user_id_pk" PRIMARY KEY("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "portal_campaign" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"policy_id" integer,
	"policy_version_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"signature_required" boolean DEFAULT false NOT NULL,
	"targets" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restarted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_esign_setting" (
	"action" varchar(40) PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"meaning" varchar(20) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "bsc_policy_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer,
	"version_number" varchar(11) NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer
);
--> statement-breakpoint
CREATE TABLE "portal_signature" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_signature_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"printed_name" varchar(100) NOT NULL,
	"user_name" varchar(20) NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"meaning" varchar(20) NOT NULL,
	"record_type" varchar(40) NOT NULL,
	"record_id" varchar(50) NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"method" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_signing_reauth" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_signing_reauth_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sid_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"authn_instant" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal_acknowledgement" ADD CONSTRAINT "portal_acknowledgement_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_acknowledgement" ADD CONSTRAINT "portal_acknowledgement_policy_version_id_bsc_policy_version_id_fk" FOREIGN KEY ("policy_version_id") REFERENCES "public"."bsc_policy_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_acknowledgement" ADD CONSTRAINT "portal_acknowledgement_signature_id_portal_signature_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."portal_signature"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_campaign_assignee" ADD CONSTRAINT "portal_campaign_assignee_campaign_id_portal_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."portal_campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_campaign_assignee" ADD CONSTRAINT "portal_campaign_assignee_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_campaign" ADD CONSTRAINT "portal_campaign_policy_id_bsc_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."bsc_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_campaign" ADD CONSTRAINT "portal_campaign_policy_version_id_bsc_policy_version_id_fk" FOREIGN KEY ("policy_version_id") REFERENCES "public"."bsc_policy_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_campaign" ADD CONSTRAINT "portal_campaign_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_esign_setting" ADD CONSTRAINT "portal_esign_setting_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy_version" ADD CONSTRAINT "bsc_policy_version_policy_id_bsc_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."bsc_policy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsc_policy_version" ADD CONSTRAINT "bsc_policy_version_approved_by_sys_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_signature" ADD CONSTRAINT "portal_signature_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_signing_reauth" ADD CONSTRAINT "portal_signing_reauth_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_acknowledgement_uq" ON "portal_acknowledgement" USING btree ("user_id","policy_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_audit_trail_prev_uq" ON "portal_audit_trail" USING btree ("prev_hash");--> statement-breakpoint
CREATE INDEX "portal_audit_trail_record_idx" ON "portal_audit_trail" USING btree ("record_type","record_id","seq");--> statement-breakpoint
CREATE INDEX "portal_audit_trail_actor_idx" ON "portal_audit_trail" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "portal_audit_trail_at_idx" ON "portal_audit_trail" USING btree ("at");--> statement-breakpoint
CREATE INDEX "portal_campaign_assignee_dept_idx" ON "portal_campaign_assignee" USING btree ("campaign_id","dept_id");--> statement-breakpoint
CREATE INDEX "portal_campaign_assignee_todo_idx" ON "portal_campaign_assignee" USING btree ("user_id") WHERE "portal_campaign_assignee"."done_at" IS NULL;--> statement-breakpoint
CREATE INDEX "portal_campaign_created_idx" ON "portal_campaign" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bsc_policy_version_policy_idx" ON "bsc_policy_version" USING btree ("policy_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portal_signature_record_idx" ON "portal_signature" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "portal_signature_user_idx" ON "portal_signature" USING btree ("user_id","signed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portal_signing_reauth_sid_idx" ON "portal_signing_reauth" USING btree ("sid_hash");--> statement-breakpoint
-- Issue 24: the audit trail of regulated records (21 CFR 11.10(e)), written by triggers in the
-- transaction of the change. Each entry's hash is SHA-256 over its fields, each written as
-- "<octets>:<text>;", in this order: seq, at (UTC, microseconds), actor_id, actor_name, operation,
-- record_type, record_id, action, before::text, after::text, reason, prev_hash. The first entry's
-- prev_hash is 64 zeros. server/src/lib/auditTrail/chain.ts computes the same in Node to verify.
CREATE FUNCTION portal_audit_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(coalesce(v, ''))::text || ':' || coalesce(v, '') || ';'
$$;--> statement-breakpoint
CREATE FUNCTION portal_audit_hash(p_seq bigint, p_at timestamptz, p_actor_id integer, p_actor_name text, p_operation text,
  p_record_type text, p_record_id text, p_action text, p_before jsonb, p_after jsonb, p_reason text, p_prev_hash text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(
    portal_audit_field(p_seq::text) || portal_audit_field(to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
    || portal_audit_field(p_actor_id::text) || portal_audit_field(p_actor_name) || portal_audit_field(p_operation)
    || portal_audit_field(p_record_type) || portal_audit_field(p_record_id) || portal_audit_field(p_action)
    || portal_audit_field(p_before::text) || portal_audit_field(p_after::text) || portal_audit_field(p_reason)
    || portal_audit_field(p_prev_hash), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Serialises the writers of regulated records so the chain has one order. A statement trigger takes
-- the lock before the statement touches a row, which keeps the window for a deadlock with row locks small.
CREATE FUNCTION portal_audit_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727024);
  RETURN NULL;
END $$;--> statement-breakpoint
-- One entry per changed row. TG_ARGV: [0] the record type, [1] the key columns (comma list),
-- [2] optionally "keep:a,b" (only these columns and the keys) or "drop:a,b" (derived copies left out);
-- the version column is always left out.
-- Who: the transaction's portal.actor_id / portal.actor_name (the server sets them for the request's
-- user, server/src/db/actor.ts); a change made outside the product is entered as db:<database user>.
CREATE FUNCTION portal_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  v_new jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  v_keys text[] := string_to_array(TG_ARGV[1], ',');
  v_filter text := coalesce(TG_ARGV[2], '');
  v_cols text[];
  v_row jsonb;
  v_id text;
  v_seq bigint;
  v_prev text;
  v_at timestamptz;
  v_actor_id integer := nullif(current_setting('portal.actor_id', true), '')::integer;
  v_actor_name text := left(coalesce(nullif(current_setting('portal.actor_name', true), ''), 'db:' || session_user), 100);
  v_operation text := left(nullif(current_setting('portal.operation', true), ''), 80);
  v_reason text := left(nullif(current_setting('portal.reason', true), ''), 500);
  v_action text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'change' ELSE 'delete' END;
BEGIN
  IF v_filter LIKE 'keep:%' THEN
    v_cols := string_to_array(substr(v_filter, 6), ',') || v_keys;
    v_old := (SELECT jsonb_object_agg(k, v) FROM jsonb_each(v_old) AS e(k, v) WHERE k = ANY (v_cols));
    v_new := (SELECT jsonb_object_agg(k, v) FROM jsonb_each(v_new) AS e(k, v) WHERE k = ANY (v_cols));
  ELSIF v_filter LIKE 'drop:%' THEN
    v_cols := string_to_array(substr(v_filter, 6), ',');
    v_old := v_old - v_cols;
    v_new := v_new - v_cols;
  END IF;
  -- The optimistic-concurrency counter (version, issue 20) is bookkeeping, not the record: an edit
  -- claims it in an update of its own before writing the fields, which would be an entry of no content.
  v_old := v_old - 'version';
  v_new := v_new - 'version';
  IF TG_OP = 'UPDATE' AND v_old = v_new THEN RETURN NULL; END IF;
  v_row := coalesce(v_new, v_old);
  SELECT string_agg(v_row->>k, '/' ORDER BY o) INTO v_id FROM unnest(v_keys) WITH ORDINALITY AS u(k, o);
  PERFORM pg_advisory_xact_lock(727024);
  v_at := clock_timestamp();
  SELECT seq, hash INTO v_seq, v_prev FROM portal_audit_trail ORDER BY seq DESC LIMIT 1;
  v_seq := coalesce(v_seq, 0) + 1;
  v_prev := coalesce(v_prev, repeat('0', 64));
  INSERT INTO portal_audit_trail (seq, at, actor_id, actor_name, operation, record_type, record_id, action, before, after, reason, prev_hash, hash)
  VALUES (v_seq, v_at, v_actor_id, v_actor_name, v_operation, TG_ARGV[0], left(coalesce(v_id, ''), 100), v_action, v_old, v_new, v_reason, v_prev,
    portal_audit_hash(v_seq, v_at, v_actor_id, v_actor_name, v_operation, TG_ARGV[0], left(coalesce(v_id, ''), 100), v_action, v_old, v_new, v_reason, v_prev));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Nothing in the product can edit or delete an entry, nor a signature.
CREATE FUNCTION portal_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of % is not allowed: it is a regulated record', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER portal_audit_trail_fixed BEFORE UPDATE OR DELETE ON portal_audit_trail FOR EACH ROW EXECUTE FUNCTION portal_refuse_change();--> statement-breakpoint
CREATE TRIGGER portal_audit_trail_no_truncate BEFORE TRUNCATE ON portal_audit_trail FOR EACH STATEMENT EXECUTE FUNCTION portal_refuse_change();--> statement-breakpoint
CREATE TRIGGER portal_signature_fixed BEFORE UPDATE OR DELETE ON portal_signature FOR EACH ROW EXECUTE FUNCTION portal_refuse_change();--> statement-breakpoint
CREATE TRIGGER portal_signature_no_truncate BEFORE TRUNCATE ON portal_signature FOR EACH STATEMENT EXECUTE FUNCTION portal_refuse_change();--> statement-breakpoint
CREATE TRIGGER portal_acknowledgement_fixed BEFORE UPDATE OR DELETE ON portal_acknowledgement FOR EACH ROW EXECUTE FUNCTION portal_refuse_change();--> statement-breakpoint
CREATE TRIGGER portal_acknowledgement_no_truncate BEFORE TRUNCATE ON portal_acknowledgement FOR EACH STATEMENT EXECUTE FUNCTION portal_refuse_change();--> statement-breakpoint
-- The regulated records: policies and their versions, privacy-policy versions and acceptances,
-- campaigns, acknowledgements, signatures and their settings, roles and permissions.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('bsc_policy', 'policy', 'id', 'drop:content_text'),
    ('bsc_policy_version', 'policyVersion', 'id', ''),
    ('bsc_privacy_policy', 'privacyPolicy', 'id', ''),
    ('portal_campaign', 'campaign', 'id', ''),
    ('portal_acknowledgement', 'acknowledgement', 'id', ''),
    ('portal_signature', 'signature', 'id', ''),
    ('portal_esign_setting', 'esignSetting', 'action', ''),
    ('sys_role', 'role', 'id', ''),
    ('sys_role_menu', 'rolePermission', 'role_id,menu_id', ''),
    ('sys_user_role', 'userRole', 'user_id,role_id', ''),
    ('sys_menu', 'permission', 'id', '')
  ) AS v(tbl, kind, keys, filter) LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_audit_lock()', t.tbl || '_audit_lock', t.tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION portal_audit_row(%L, %L, %L)', t.tbl || '_audit', t.tbl, t.kind, t.keys, t.filter);
  END LOOP;
END $$;--> statement-breakpoint
-- A privacy acceptance is two columns of the person's status record: only their changes are entered
-- (a language or theme change is not a regulated record, and takes no lock).
CREATE TRIGGER personal_status_record_privacy_create AFTER INSERT ON personal_status_record FOR EACH ROW
  WHEN (NEW.privacy_status = 1 OR NEW.privacy_version IS NOT NULL)
  EXECUTE FUNCTION portal_audit_row('privacyAcceptance', 'user_id', 'keep:privacy_status,privacy_version');--> statement-breakpoint
CREATE TRIGGER personal_status_record_privacy_change AFTER UPDATE ON personal_status_record FOR EACH ROW
  WHEN (OLD.privacy_status IS DISTINCT FROM NEW.privacy_status OR OLD.privacy_version IS DISTINCT FROM NEW.privacy_version)
  EXECUTE FUNCTION portal_audit_row('privacyAcceptance', 'user_id', 'keep:privacy_status,privacy_version');--> statement-breakpoint
CREATE TRIGGER personal_status_record_privacy_delete AFTER DELETE ON personal_status_record FOR EACH ROW
  WHEN (OLD.privacy_status = 1 OR OLD.privacy_version IS NOT NULL)
  EXECUTE FUNCTION portal_audit_row('privacyAcceptance', 'user_id', 'keep:privacy_status,privacy_version');--> statement-breakpoint
-- The published policies as they are now become their first versions.
SELECT set_config('portal.operation', 'migration 0017', true);--> statement-breakpoint
INSERT INTO bsc_policy_version (policy_id, version_number, title, content, content_hash, approved_at, approved_by)
SELECT id, version_number, title, content, encode(sha256(convert_to(content, 'UTF8')), 'hex'), coalesce(first_approved_at, update_time), NULL
FROM bsc_policy WHERE status = 4 ORDER BY id;--> statement-breakpoint
INSERT INTO portal_esign_setting (action, required, meaning) VALUES ('privacyPublish', false, 'approved'), ('complaintModeration', false, 'reviewed');
