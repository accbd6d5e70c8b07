import type { FastifyReply } from "fastify";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { campaignAssignees, campaigns, depts, roles, users } from "../../db/schema.ts";
import { setActorReason } from "../../db/actor.ts";
import { setAudit } from "../../lib/audit.ts";
import { assignPeople, notifyPending, today, type Targets } from "../../lib/compliance/campaignPeople.ts";
import { latestVersion } from "../../lib/compliance/policyVersions.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/fileTypes.ts";
import { contains } from "../../lib/like.ts";
import { toXlsxSheets } from "../../lib/sheetRows.ts";
import { nextVersion, staleVersion, versionRequired } from "../../lib/versions.ts";
import { sessionOf } from "../../plugins/security.ts";
import type { OpRequest, TagHandlers } from "../types.ts";
import {
  campaignDetail,
  campaignNotFound,
  campaignRows,
  countsOf,
  dueDateOf,
  peopleCount,
  peopleRows,
  peopleWhere,
  personOf,
  progressOf,
  summaryOf,
} from "./campaignViews.ts";
import { exportRows } from "./campaignExport.ts";

// Issue 24: read-and-acknowledge campaigns (admin, policy group; menu /compliance/campaign, buttons
// compliance:campaign:add and compliance:campaign:edit). An administrator asks departments (with those below them), roles
// and named users to read a policy's current version by a due date; the people are resolved and
// notified in the transaction that starts the campaign (lib/compliance/campaignPeople.ts). Close and
// restart carry a reason into the audit trail (setActorReason before the transaction) and are
// version-checked (409 4090).

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const policyNeverPublished = () =>
  badRequest("policyId", "unpublished", "该政策尚未发布，不能发起阅读确认", "This policy was never published; nobody can be asked to read it");

async function assertTargets(db: Db, t: Targets) {
  if (!t.deptIds.length && !t.roleIds.length && !t.userIds.length)
    throw badRequest("targets", "required", "请至少选择一个部门、角色或人员", "Choose at least one department, role or person");
  const missing = async (ids: number[], table: typeof depts | typeof roles | typeof users) =>
    ids.length ? ids.length - Number((await db.select({ n: count() }).from(table).where(inArray(table.id, ids)))[0].n) : 0;
  const [d, r, u] = await Promise.all([missing(t.deptIds, depts), missing(t.roleIds, roles), missing(t.userIds, users)]);
  if (d) throw badRequest("targets.deptIds", "exists", "所选部门不存在", "A chosen department does not exist");
  if (r) throw badRequest("targets.roleIds", "exists", "所选角色不存在", "A chosen role does not exist");
  if (u) throw badRequest("targets.userIds", "exists", "所选人员不存在", "A chosen person does not exist");
}

/**
 * Locks the campaign for a close or restart and checks the version the administrator read (404,
 * 409 4090), like claimEdit, but leaves the version's step to the change itself: one update, so one
 * audit-trail entry per action.
 */
async function claimCampaign(tx: Db, id: number, read: number | undefined) {
  if (read === undefined) throw versionRequired();
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("no key update");
  if (!row) throw campaignNotFound();
  if (row.version !== read) throw staleVersion();
  return row;
}

const nobodyAsked = () =>
  badRequest("targets", "empty", "所选部门、角色和人员中没有启用的用户", "The chosen departments, roles and people hold no enabled user");

export const campaignHandlers = {
  async campaignPage(req: OpRequest<"campaignPage">) {
    const db = req.server.db;
    const b = req.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const title = b.title?.trim();
    const where = and(
      title ? contains(campaigns.title, title) : undefined,
      b.status === undefined ? undefined : eq(campaigns.status, b.status),
      b.policyId === undefined ? undefined : eq(campaigns.policyId, b.policyId),
    );
    const [rows, [{ total }]] = await Promise.all([
      campaignRows(db, where).limit(pageSize).offset((page - 1) * pageSize),
      db.select({ total: count() }).from(campaigns).where(where),
    ]);
    const counts = await countsOf(db, rows.map((r) => r.id));
    return paged(rows.map((r) => summaryOf(r, counts.get(r.id))), Number(total), page, pageSize);
  },

  async getCampaign(req: OpRequest<"getCampaign">) {
    return ok(await campaignDetail(req.server.db, req.query.id));
  },

  /** The people are resolved now (enabled users only) and each is notified, in one transaction. */
  async createCampaign(req: OpRequest<"createCampaign">) {
    const db = req.server.db;
    const b = req.body;
    const me = sessionOf(req).userId;
    const title = b.title.trim();
    if (!title) throw badRequest("title", "required", "请填写标题", "Enter a title");
    if (b.dueDate < today()) throw badRequest("dueDate", "past", "截止日期不能早于今天", "The due date cannot be in the past");
    await assertTargets(db, b.targets);
    const version = await latestVersion(db, b.policyId);
    if (!version) throw policyNeverPublished();
    const id = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .insert(campaigns)
        .values({ title, policyId: b.policyId, policyVersionId: version.id, dueDate: b.dueDate, signatureRequired: b.signatureRequired, targets: b.targets, createdBy: me })
        .returning({ id: campaigns.id });
      if (!(await assignPeople(tx, row.id, version.id, b.targets))) throw nobodyAsked();
      await notifyPending(tx, row.id, "readRequested");
      return row.id;
    });
    setAudit(req, { entityId: id, after: { ...b, id, policyVersionId: version.id } });
    return ok(id);
  },

  /** It asks nothing more of anyone; its people and their acknowledgements stay. */
  async closeCampaign(req: OpRequest<"closeCampaign">) {
    const { id, version, reason } = req.body;
    setActorReason(reason.trim() || reason);
    await req.server.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const before = await claimCampaign(tx, id, version);
      if (before.status === 0) throw badRequest("id", "closed", "该活动已关闭", "This campaign is already closed");
      await tx.update(campaigns).set({ status: 0, version: nextVersion(campaigns.version) }).where(eq(campaigns.id, id));
    });
    setAudit(req, { entityId: id, before: { id, status: 1 }, after: { id, status: 0, reason } });
    return ok(id);
  },

  /**
   * Asks again for the policy's current version: the targets are resolved anew, everyone is pending
   * again (unless they already acknowledged that version) and notified; a closed campaign reopens.
   * The people's acknowledgements of the earlier version stay on record.
   */
  async restartCampaign(req: OpRequest<"restartCampaign">) {
    const { id, version, reason } = req.body;
    setActorReason(reason.trim() || reason);
    await req.server.db.transaction(async (t: Tx) => {
      const tx = t as unknown as Db;
      const before = await claimCampaign(tx, id, version);
      const latest = before.policyId === null ? undefined : await latestVersion(tx, before.policyId);
      if (!latest)
        throw badRequest("id", "policyGone", "该活动的政策已删除，不能重新发起", "The policy of this campaign was deleted; the campaign cannot be restarted");
      await tx.update(campaigns).set({ policyVersionId: latest.id, restartedAt: sql`now()`, status: 1, version: nextVersion(campaigns.version) }).where(eq(campaigns.id, id));
      await tx.delete(campaignAssignees).where(eq(campaignAssignees.campaignId, id));
      if (!(await assignPeople(tx, id, latest.id, before.targets))) throw nobodyAsked();
      await notifyPending(tx, id, "readRequested");
    });
    setAudit(req, { entityId: id, after: { id, reason } });
    return ok(id);
  },

  async getCampaignProgress(req: OpRequest<"getCampaignProgress">) {
    return ok(await progressOf(req.server.db, req.query.id));
  },

  async campaignPeoplePage(req: OpRequest<"campaignPeoplePage">) {
    const db = req.server.db;
    const b = req.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const dueDate = await dueDateOf(db, b.id);
    const where = peopleWhere(b.id, dueDate, b);
    const [rows, [{ n }]] = await Promise.all([peopleRows(db, where).limit(pageSize).offset((page - 1) * pageSize), peopleCount(db, where)]);
    return paged(rows.map((r) => personOf(r, dueDate)), Number(n), page, pageSize);
  },

  /** Reminds the people not done and not reminded in the last hour (readReminder); a closed campaign reminds nobody. */
  async remindCampaign(req: OpRequest<"remindCampaign">) {
    const id = req.body.id;
    const reminded = await req.server.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [c] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)).for("share");
      if (!c) throw campaignNotFound();
      if (c.status === 0) throw badRequest("id", "closed", "该活动已关闭，不能提醒", "This campaign is closed; nobody can be reminded");
      return notifyPending(tx, id, "readReminder");
    });
    return ok({ reminded });
  },

  async exportCampaign(req: OpRequest<"exportCampaign">, reply: FastifyReply) {
    const { title, sheets } = await exportRows(req.server.db, req.query.id);
    const body = await toXlsxSheets(sheets);
    return reply
      .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", contentDisposition(`campaign-${req.query.id}-${title.slice(0, 60)}.xlsx`))
      .header("cache-control", "no-store")
      .send(body);
  },
} satisfies TagHandlers<"compliance">;
