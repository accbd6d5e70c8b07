import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { NotificationKind } from "../notifications/kinds.ts";
import { formatDateTime } from "../time.ts";

// Issue 24: who a campaign asks, resolved when it starts and when it restarts. One INSERT ... SELECT
// (a campaign for 20,000 people is one statement, not 20,000): the enabled users of the departments
// and of every department below them (sys_dept.parent_id), the holders of the roles, and the named
// users. Each person's department is kept as it is now, so the per-department figures do not move
// when someone changes department later. A person who already acknowledged the version is done at once.

export interface Targets {
  deptIds: number[];
  roleIds: number[];
  userIds: number[];
}

/** Today in the server's time zone ("YYYY-MM-DD"): a campaign is overdue from the day after its due date. */
export const today = () => formatDateTime(new Date())!.slice(0, 10);

const ints = (xs: number[]) => sql`${`{${xs.map((x) => Math.trunc(x)).join(",")}}`}::int[]`;

/** Writes the campaign's people (it has none yet). Answers how many. */
export async function assignPeople(tx: Db, campaignId: number, policyVersionId: number, t: Targets): Promise<number> {
  const res = await tx.execute(sql`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM sys_dept WHERE id = ANY(${ints(t.deptIds)})
      UNION SELECT d.id FROM sys_dept d JOIN tree ON d.parent_id = tree.id
    ), people(id) AS (
      SELECT u.id FROM sys_user u WHERE u.dept_id IN (SELECT id FROM tree)
      UNION SELECT ur.user_id FROM sys_user_role ur WHERE ur.role_id = ANY(${ints(t.roleIds)})
      UNION SELECT unnest(${ints(t.userIds)})
    )
    INSERT INTO portal_campaign_assignee (campaign_id, user_id, dept_id, done_at, acknowledgement_id)
    SELECT ${campaignId}::int, u.id, u.dept_id, a.acknowledged_at, a.id
    FROM people p
    JOIN sys_user u ON u.id = p.id AND u.status = 1
    LEFT JOIN portal_acknowledgement a ON a.user_id = u.id AND a.policy_version_id = ${policyVersionId}::int`);
  return res.rowCount ?? 0;
}

/**
 * Tells the campaign's people who have not acknowledged yet (readRequested), or those of them not
 * reminded in the last hour (readReminder, marking them reminded), through portal_notify in `tx`
 * (people who muted the kind get nothing). Answers how many were asked or reminded.
 */
export async function notifyPending(tx: Db, campaignId: number, kind: Extract<NotificationKind, "readRequested" | "readReminder">): Promise<number> {
  // The params come from the campaign's row; the link is the policy's detail page (record policy).
  const params = sql`(SELECT jsonb_build_object('campaignId', c.id, 'campaignTitle', c.title, 'policyId', c.policy_id, 'title', v.title,
      'versionNumber', v.version_number, 'dueDate', to_char(c.due_date, 'YYYY-MM-DD'), 'signatureRequired', c.signature_required)
    FROM portal_campaign c JOIN bsc_policy_version v ON v.id = c.policy_version_id WHERE c.id = ${campaignId}::int)`;
  const recordId = sql`(SELECT policy_id FROM portal_campaign WHERE id = ${campaignId}::int)`;
  const who =
    kind === "readReminder"
      ? sql`UPDATE portal_campaign_assignee SET reminded_at = now()
            WHERE campaign_id = ${campaignId}::int AND done_at IS NULL AND (reminded_at IS NULL OR reminded_at <= now() - interval '1 hour')
            RETURNING user_id`
      : sql`SELECT user_id FROM portal_campaign_assignee WHERE campaign_id = ${campaignId}::int AND done_at IS NULL`;
  const { rows } = await tx.execute<{ n: number }>(sql`
    WITH who AS (${who}), sent AS (
      SELECT portal_notify(${kind}, 'policy',
        (SELECT coalesce(jsonb_agg(jsonb_build_object('userId', user_id, 'recordId', ${recordId}, 'params', ${params}) ORDER BY user_id), '[]'::jsonb) FROM who)) AS written
    )
    SELECT (SELECT count(*) FROM who)::int AS n, (SELECT written FROM sent) AS written`);
  return Number(rows[0]?.n ?? 0);
}
