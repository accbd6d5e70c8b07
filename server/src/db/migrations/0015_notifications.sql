CREATE TABLE "portal_notification_preference" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_notification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portal_notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"record_type" varchar(40) NOT NULL,
	"record_id" bigint,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal_notification_preference" ADD CONSTRAINT "portal_notification_preference_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_notification" ADD CONSTRAINT "portal_notification_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_notification_user_idx" ON "portal_notification" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portal_notification_unread_idx" ON "portal_notification" USING btree ("user_id") WHERE "portal_notification"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "portal_notification_created_idx" ON "portal_notification" USING btree ("created_at");--> statement-breakpoint
-- Issue 23: the one writer of notifications (server/src/lib/notifications/outbox.ts calls it; the task
-- triggers below too). p_items is [{"userId", "recordId", "params"}]. In the caller's transaction it
-- locks each person's preference row (made if missing) in user order, skips a person who muted the
-- kind, writes the rows and publishes their ids on the channel portal_events (NOTIFY is delivered on
-- commit only: a rolled-back write publishes nothing). The lock comes before the row's id is drawn,
-- so one person's ids are committed in increasing order, which makes a resume after the last id seen
-- complete. Ids go out in chunks of 500 (a NOTIFY payload holds under 8000 bytes).
CREATE FUNCTION portal_notify(p_kind text, p_record_type text, p_items jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  n integer;
BEGIN
  IF p_items IS NULL OR jsonb_array_length(p_items) = 0 THEN RETURN 0; END IF;
  WITH items AS (
    SELECT (i->>'userId')::integer AS user_id, (i->>'recordId')::bigint AS record_id, coalesce(i->'params', '{}'::jsonb) AS params, ord
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(i, ord)
  ), people AS (
    SELECT DISTINCT user_id FROM items WHERE user_id IN (SELECT id FROM sys_user)
  ), locked AS (
    INSERT INTO portal_notification_preference AS p (user_id)
    SELECT user_id FROM people ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET user_id = p.user_id
    RETURNING p.user_id, p.muted_kinds
  ), written AS (
    INSERT INTO portal_notification (user_id, kind, record_type, record_id, params)
    SELECT i.user_id, p_kind, p_record_type, i.record_id, i.params
    FROM items i JOIN locked l ON l.user_id = i.user_id
    WHERE NOT (p_kind = ANY (l.muted_kinds))
    ORDER BY i.user_id, i.ord
    RETURNING id
  )
  SELECT array_agg(id ORDER BY id) INTO ids FROM written;
  n := coalesce(array_length(ids, 1), 0);
  FOR c IN 0 .. (n - 1) / 500 LOOP
    EXIT WHEN n = 0;
    PERFORM pg_notify('portal_events', json_build_object('t', 'n', 'ids', ids[c * 500 + 1 : c * 500 + 500])::text);
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
-- Issue 23: a person's pending-task count, sent to their open streams (a count event, not stored).
CREATE FUNCTION portal_task_counts(p_users integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT u AS user_id, (SELECT count(*) FROM personal_task t WHERE t.user_id = u AND t.receive_or_sponsor = 0 AND t.handled_status = 0) AS pending
    FROM (SELECT DISTINCT unnest(p_users) AS u) s
  LOOP
    PERFORM pg_notify('portal_events', json_build_object('t', 'c', 'u', r.user_id, 'kind', 'taskCounts', 'counts', json_build_object('taskPending', r.pending))::text);
  END LOOP;
END $$;
--> statement-breakpoint
-- Issue 23: tasks are written by the source systems' feed, not by a portal operation, so the event of
-- a task that comes to wait on someone (received, not handled) is made by triggers on personal_task,
-- in the writer's transaction, whoever the writer is. A bulk load (the demo seed, seed:large) sets
-- portal.quiet to on for its transaction: loaded history is not news.
CREATE FUNCTION portal_task_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  items jsonb;
  touched integer[];
BEGIN
  IF coalesce(current_setting('portal.quiet', true), '') = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('userId', n.user_id, 'recordId', n.id,
             'params', jsonb_build_object('taskName', n.task_name, 'taskSponsor', n.task_sponsor, 'approval', n.task_status = 1)) ORDER BY n.id),
           array_agg(DISTINCT n.user_id)
      INTO items, touched
      FROM new_rows n WHERE n.receive_or_sponsor = 0 AND n.handled_status = 0;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT jsonb_agg(jsonb_build_object('userId', n.user_id, 'recordId', n.id,
             'params', jsonb_build_object('taskName', n.task_name, 'taskSponsor', n.task_sponsor, 'approval', n.task_status = 1)) ORDER BY n.id)
      INTO items
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.receive_or_sponsor = 0 AND n.handled_status = 0
        AND NOT (o.receive_or_sponsor = 0 AND o.handled_status = 0 AND o.user_id = n.user_id);
    SELECT array_agg(DISTINCT u) INTO touched FROM (
      SELECT n.user_id AS u FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (n.receive_or_sponsor = 0 AND n.handled_status = 0) IS DISTINCT FROM (o.receive_or_sponsor = 0 AND o.handled_status = 0) OR n.user_id <> o.user_id
      UNION SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.user_id <> o.user_id
    ) s;
  ELSE
    SELECT array_agg(DISTINCT o.user_id) INTO touched FROM old_rows o WHERE o.receive_or_sponsor = 0 AND o.handled_status = 0;
  END IF;
  PERFORM portal_notify('taskPending', 'task', items);
  IF touched IS NOT NULL THEN PERFORM portal_task_counts(touched); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER personal_task_events_insert AFTER INSERT ON personal_task REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_task_events();
--> statement-breakpoint
CREATE TRIGGER personal_task_events_update AFTER UPDATE ON personal_task REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_task_events();
--> statement-breakpoint
CREATE TRIGGER personal_task_events_delete AFTER DELETE ON personal_task REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_task_events();
