import { and, count, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { acknowledgements, campaignAssignees, campaigns, depts, policyVersions, roles, signatures, users } from "../../db/schema.ts";
import { today } from "../../lib/compliance/campaignPeople.ts";
import { signatureView } from "../../lib/esign/sign.ts";
import { notFound } from "../../lib/errors.ts";
import { contains } from "../../lib/like.ts";
import { formatDateTime } from "../../lib/time.ts";
import type { components } from "../../../../src/api/schema.d.ts";

// Issue 24: what the campaign operations answer - a campaign with its figures, its progress per
// department, its people with their state and signature. Shared by the page, the detail, the
// progress and the export.

type S = components["schemas"];
export type Figures = S["CampaignFigures"];
export type CampaignState = S["CampaignState"];

export const CAMPAIGN_LABEL = { cn: "阅读确认活动", en: "Campaign" };
export const campaignNotFound = () => notFound(CAMPAIGN_LABEL.cn, CAMPAIGN_LABEL.en);

/** Overdue is pending after the due date (server time zone): every pending person of a campaign at once. */
export const isOverdue = (dueDate: string) => dueDate < today();

/** The figures from counts of all and done; pending or overdue by the due date. */
export function figuresOf(total: number, done: number, dueDate: string): Figures {
  const open = total - done;
  const late = isOverdue(dueDate);
  return { total, done, pending: late ? 0 : open, overdue: late ? open : 0 };
}

/** Whether the policy has a newer published version than the campaign's (it can be restarted for it). */
const supersededSql = sql<boolean>`coalesce((SELECT max(v.id) FROM bsc_policy_version v WHERE v.policy_id = ${campaigns.policyId}) > ${campaigns.policyVersionId}, false)`;

const summaryColumns = {
  id: campaigns.id,
  title: campaigns.title,
  policyId: campaigns.policyId,
  policyTitle: policyVersions.title,
  versionNumber: policyVersions.versionNumber,
  dueDate: campaigns.dueDate,
  signatureRequired: campaigns.signatureRequired,
  status: campaigns.status,
  superseded: supersededSql,
  createdAt: campaigns.createdAt,
  createdBy: users.realName,
  version: campaigns.version,
  policyVersionId: campaigns.policyVersionId,
  contentHash: policyVersions.contentHash,
  restartedAt: campaigns.restartedAt,
  targets: campaigns.targets,
};

/** Campaign rows (newest first) with what their summaries show. */
export function campaignRows(db: Db, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(campaigns)
    .innerJoin(policyVersions, eq(policyVersions.id, campaigns.policyVersionId))
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .where(where)
    .orderBy(sql`${campaigns.createdAt} DESC`, sql`${campaigns.id} DESC`);
}
type CampaignRow = Awaited<ReturnType<typeof campaignRows>>[number];

/** Total and done of each campaign (one grouped query over the assignees). */
export async function countsOf(db: Db, ids: number[]): Promise<Map<number, { total: number; done: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: campaignAssignees.campaignId, total: count(), done: count(campaignAssignees.doneAt) })
    .from(campaignAssignees)
    .where(inArray(campaignAssignees.campaignId, ids))
    .groupBy(campaignAssignees.campaignId);
  return new Map(rows.map((r) => [r.id, { total: Number(r.total), done: Number(r.done) }]));
}

export function summaryOf(r: CampaignRow, c: { total: number; done: number } | undefined): S["CampaignSummary"] {
  return {
    ...figuresOf(c?.total ?? 0, c?.done ?? 0, r.dueDate),
    id: r.id,
    title: r.title,
    policyId: r.policyId,
    policyTitle: r.policyTitle,
    versionNumber: r.versionNumber,
    dueDate: r.dueDate,
    signatureRequired: r.signatureRequired,
    status: r.status,
    superseded: Boolean(r.superseded),
    createdAt: formatDateTime(r.createdAt)!,
    createdBy: r.createdBy ?? "",
    version: r.version,
  };
}

/** One campaign with its summary, targets by name, version and hash; 404 when there is none. */
export async function campaignDetail(db: Db, id: number): Promise<S["CampaignOk"]["data"]> {
  const [r] = await campaignRows(db, eq(campaigns.id, id));
  if (!r) throw campaignNotFound();
  const t = r.targets;
  const named = async (ids: number[], table: typeof depts | typeof roles | typeof users, name: SQL<string>) =>
    ids.length ? ((await db.select({ id: table.id, name }).from(table).where(inArray(table.id, ids)).orderBy(table.id)) as { id: number; name: string }[]) : [];
  const [counts, deptsOf, rolesOf, usersOf] = await Promise.all([
    countsOf(db, [id]),
    named(t.deptIds, depts, sql<string>`${depts.deptName}`),
    named(t.roleIds, roles, sql<string>`${roles.roleName}`),
    named(t.userIds, users, sql<string>`${users.realName} || ' (' || ${users.userName} || ')'`),
  ]);
  return {
    ...summaryOf(r, counts.get(id)),
    policyVersionId: r.policyVersionId,
    contentHash: r.contentHash,
    restartedAt: formatDateTime(r.restartedAt) ?? null,
    targets: { depts: deptsOf, roles: rolesOf, users: usersOf },
  };
}

/** The campaign's due date (404 when there is none). */
export async function dueDateOf(db: Db, id: number): Promise<string> {
  const [c] = await db.select({ dueDate: campaigns.dueDate }).from(campaigns).where(eq(campaigns.id, id));
  if (!c) throw campaignNotFound();
  return c.dueDate;
}

/**
 * The progress: one grouped query over the campaign's people by their department snapshot (the
 * (campaign_id, dept_id) index), departments' names read for the groups found.
 */
export async function progressOf(db: Db, id: number): Promise<S["CampaignProgressOk"]["data"]> {
  const dueDate = await dueDateOf(db, id);
  const groups = await db
    .select({ deptId: campaignAssignees.deptId, total: count(), done: count(campaignAssignees.doneAt) })
    .from(campaignAssignees)
    .where(eq(campaignAssignees.campaignId, id))
    .groupBy(campaignAssignees.deptId);
  const deptIds = groups.map((g) => g.deptId).filter((d): d is number => d !== null);
  const names = new Map(
    deptIds.length ? (await db.select({ id: depts.id, name: depts.deptName }).from(depts).where(inArray(depts.id, deptIds))).map((d) => [d.id, d.name]) : [],
  );
  let total = 0;
  let done = 0;
  const departments = groups.map((g) => {
    total += Number(g.total);
    done += Number(g.done);
    return { ...figuresOf(Number(g.total), Number(g.done), dueDate), deptId: g.deptId, deptName: g.deptId === null ? null : names.get(g.deptId) ?? null };
  });
  departments.sort((a, b) => b.total - b.done - (a.total - a.done) || (a.deptName ?? "\uffff").localeCompare(b.deptName ?? "\uffff"));
  return { ...figuresOf(total, done, dueDate), departments };
}

export interface PeopleFilter {
  state?: CampaignState;
  deptId?: number;
  name?: string;
}

/** The where of a campaign's people with the filters (the due date decides pending or overdue). */
export function peopleWhere(id: number, dueDate: string, f: PeopleFilter): SQL | undefined {
  const late = isOverdue(dueDate);
  const state =
    f.state === "done"
      ? isNotNull(campaignAssignees.doneAt)
      : f.state === "pending"
        ? late ? sql`false` : isNull(campaignAssignees.doneAt)
        : f.state === "overdue"
          ? late ? isNull(campaignAssignees.doneAt) : sql`false`
          : undefined;
  const dept = f.deptId === undefined ? undefined : f.deptId === 0 ? isNull(campaignAssignees.deptId) : eq(campaignAssignees.deptId, f.deptId);
  const name = f.name?.trim();
  return and(eq(campaignAssignees.campaignId, id), state, dept, name ? sql`(${contains(users.userName, name)} OR ${contains(users.realName, name)})` : undefined);
}

/** The campaign's people, by department then account, with their acknowledgement's signature. */
export function peopleRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      userId: campaignAssignees.userId,
      userName: users.userName,
      realName: users.realName,
      deptId: campaignAssignees.deptId,
      deptName: depts.deptName,
      doneAt: campaignAssignees.doneAt,
      remindedAt: campaignAssignees.remindedAt,
      signature: signatures,
    })
    .from(campaignAssignees)
    .innerJoin(users, eq(users.id, campaignAssignees.userId))
    .leftJoin(depts, eq(depts.id, campaignAssignees.deptId))
    .leftJoin(acknowledgements, eq(acknowledgements.id, campaignAssignees.acknowledgementId))
    .leftJoin(signatures, eq(signatures.id, acknowledgements.signatureId))
    .where(where)
    .orderBy(sql`${depts.deptName} NULLS LAST`, users.userName);
}
type PersonRow = Awaited<ReturnType<typeof peopleRows>>[number];

export function personOf(r: PersonRow, dueDate: string): S["CampaignPerson"] {
  return {
    userId: r.userId,
    userName: r.userName,
    realName: r.realName,
    deptId: r.deptId,
    deptName: r.deptName,
    state: r.doneAt ? "done" : isOverdue(dueDate) ? "overdue" : "pending",
    doneAt: formatDateTime(r.doneAt) ?? null,
    remindedAt: formatDateTime(r.remindedAt) ?? null,
    signature: r.signature ? signatureView(r.signature) : null,
  };
}

export const peopleCount = (db: Db, where: SQL | undefined) =>
  db.select({ n: count() }).from(campaignAssignees).innerJoin(users, eq(users.id, campaignAssignees.userId)).where(where);

