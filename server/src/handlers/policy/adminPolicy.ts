import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../../db/client.ts";
import { depts, files, folders, labels, policies, policyAttachments, policyLabels, users } from "../../db/schema.ts";
import { setAudit } from "../../lib/audit.ts";
import { ok, paged } from "../../lib/envelope.ts";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { htmlToText, sanitizeHtml } from "../../lib/html.ts";
import { containsPattern } from "../../lib/like.ts";
import { sessionOf } from "../../plugins/security.ts";
import { expandVersionNumber } from "../../../../common/versionNumber.ts";
import { claimEdit, nextVersion, versionRequired } from "../../lib/versions.ts";
import { policyById, summaryQuery, toSummaries } from "../../db/queries/policies.ts";
import { policyChanged } from "../../lib/notifications/policies.ts";
import { recordPolicyVersion } from "../../lib/compliance/policyVersions.ts";
import { importPolicies, policyTemplate, TEMPLATE_FILE_NAME, type ImportRequest } from "./adminPolicyImport.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// Policy management (spec 7.6, /knowledgeIndex): the folder tree and the policies in it. The help
// centre (helpcenter.ts) reads the same tables and shows approved (4) and visible (1) policies only.
// Content is sanitised here on save (lib/html.ts) and again by the help centre on the way out.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const FOLDER = { cn: "文件夹", en: "Folder" };
const POLICY_LABEL = { cn: "政策", en: "Policy" };
const folderNotFound = () => notFound(FOLDER.cn, FOLDER.en);
const policyNotFound = () => notFound(POLICY_LABEL.cn, POLICY_LABEL.en);
export const requiredMissing = (field: string) => badRequest(field, "required", "请填写所有必填信息", "Please fill all required information");
export const keywordExists = (field = "keyword") =>
  badRequest(field, "unique", "关键字已存在，请输入新的关键字", "Keyword existed, please input a new one");

/** A unique violation (PostgreSQL 23505), possibly wrapped by drizzle. */
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

// ------------------------------------------------------------------------------- folders

type FolderRow = { id: number; folderName: string; parentId: number | null; sort: number; version: number };

async function allFolders(db: Db | Tx): Promise<FolderRow[]> {
  return db
    .select({ id: folders.id, folderName: folders.folderName, parentId: folders.parentId, sort: folders.sort, version: folders.version })
    .from(folders)
    .orderBy(asc(folders.sort), asc(folders.id));
}

type FolderNode = FolderRow & { children: FolderNode[] };
function treeOf(rows: FolderRow[], parentId: number | null = null, seen = new Set<number>()): FolderNode[] {
  return rows
    .filter((f) => f.parentId === parentId && !seen.has(f.id))
    .map((f) => {
      seen.add(f.id);
      return { ...f, children: treeOf(rows, f.id, seen) };
    });
}

/** True when following parents from `id` comes back to it (a folder moved under itself). */
function hasCycle(rows: FolderRow[], id: number): boolean {
  const byId = new Map(rows.map((f) => [f.id, f]));
  const seen = new Set<number>();
  for (let at = byId.get(id)?.parentId ?? null; at !== null; at = byId.get(at)?.parentId ?? null) {
    if (at === id || seen.has(at)) return true;
    seen.add(at);
  }
  return false;
}

const cycleError = () => badRequest("parentId", "cycle", "不能把文件夹移到它自己或它的子文件夹下", "A folder cannot be moved under itself or one of its sub-folders");
const siblingNameTaken = () => badRequest("folderName", "unique", "同一层级下已有同名文件夹", "A folder with this name already exists here");

/** Names must be unique among siblings (compared trimmed and case-insensitively). */
function assertSiblingNamesUnique(rows: FolderRow[]) {
  const seen = new Set<string>();
  for (const f of rows) {
    const key = `${f.parentId ?? 0}/${f.folderName.trim().toLowerCase()}`;
    if (seen.has(key)) throw siblingNameTaken();
    seen.add(key);
  }
}

function folderNameOf(raw: string): string {
  const name = raw.trim();
  if (!name) throw requiredMissing("folderName");
  return name;
}

// ------------------------------------------------------------------------------ policies

/** Allowed status changes (contract PolicyStatusUpdate). */
const NEXT_STATUS: Record<number, number[]> = { 0: [1], 1: [2, 3, 4], 2: [3, 4], 3: [0], 4: [0] };

const SORT_COLUMNS = {
  id: policies.id,
  title: policies.title,
  keyword: policies.keyword,
  status: policies.status,
  versionNumber: policies.versionNumber,
  createTime: policies.createTime,
};

/** The references a policy names must exist: folder (404), department, creator, tags (400). */
async function assertReferences(db: Db, b: { folderId: number; deptId: number; creator: number; labelIds?: number[] }) {
  const [[folder], [dept], [creator], tags] = await Promise.all([
    db.select({ id: folders.id }).from(folders).where(eq(folders.id, b.folderId)),
    db.select({ id: depts.id }).from(depts).where(eq(depts.id, b.deptId)),
    db.select({ id: users.id }).from(users).where(eq(users.id, b.creator)),
    b.labelIds?.length ? db.select({ id: labels.id }).from(labels).where(inArray(labels.id, b.labelIds)) : Promise.resolve([]),
  ]);
  if (!folder) throw badRequest("folderId", "exists", "请先保存文件夹，再添加政策", "Save the folder first, then add a policy to it");
  if (!dept) throw badRequest("deptId", "exists", "创建部门不存在", "The creating department does not exist");
  if (!creator) throw badRequest("creator", "exists", "创建人不存在", "The creator does not exist");
  if (tags.length !== (b.labelIds?.length ?? 0)) throw badRequest("labelIds", "exists", "标签不存在", "A tag does not exist");
}

/**
 * Attachments must be files the caller uploaded, or files already attached to this policy: a
 * published policy's attachments become readable by everyone, so no one may publish another's file.
 */
async function assertAttachable(db: Db, ids: number[], userId: number, policyId: number | undefined) {
  if (!ids.length) return;
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        sql`(${files.ownerUserId} = ${userId}${policyId === undefined ? sql`` : sql` OR EXISTS (SELECT 1 FROM ${policyAttachments} WHERE ${policyAttachments.fileId} = ${files.id} AND ${policyAttachments.policyId} = ${policyId})`})`,
      ),
    );
  if (rows.length !== ids.length) throw badRequest("attachmentIds", "exists", "附件不存在", "An attachment does not exist");
}

/** The stored content: sanitised; it must keep some text or a picture. */
function contentOf(raw: string): { content: string; contentText: string } {
  const content = sanitizeHtml(raw);
  const contentText = htmlToText(content);
  if (!contentText && !/<img\b/i.test(content)) throw requiredMissing("content");
  return { content, contentText };
}

// ------------------------------------------------------------------------------ handlers

export const adminPolicyHandlers = {
  // ------------------------------------------------------------------------- folders

  async listBscFolder(req: OpRequest<"listBscFolder">) {
    return ok(treeOf(await allFolders(req.server.db)));
  },

  /** Create (no id) or rename / move (id). A new folder goes last among its siblings unless sort is sent. */
  async saveFolder(req: OpRequest<"saveFolder">) {
    const b = req.body;
    const folderName = folderNameOf(b.folderName);
    const parentId = b.parentId ?? null;
    return req.server.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727141)`); // one tree change at a time (names, cycles)
      const rows = await allFolders(tx);
      if (parentId !== null && !rows.some((f) => f.id === parentId)) throw notFound("上级文件夹", "Parent folder");
      if (b.id === undefined) {
        const siblings = rows.filter((f) => f.parentId === parentId);
        assertSiblingNamesUnique([...siblings, { id: 0, folderName, parentId, sort: 0, version: 1 }]);
        const sort = b.sort ?? siblings.reduce((max, f) => Math.max(max, f.sort + 1), 0);
        const [row] = await tx.insert(folders).values({ folderName, parentId, sort: Math.min(sort, 9999) }).returning();
        setAudit(req, { entityId: row.id, before: null, after: { id: row.id, folderName, parentId, sort: row.sort } });
        return ok(row.id);
      }
      const before = rows.find((f) => f.id === b.id);
      if (!before) throw folderNotFound();
      // A rename or move only while the folder still has the version the edit read (409 otherwise, issue 20).
      await claimEdit(tx as unknown as Db, folders, before.id, b.version, FOLDER);
      const after: FolderRow = {
        id: before.id,
        folderName,
        parentId: b.parentId === undefined ? before.parentId : parentId,
        sort: b.sort ?? before.sort,
        version: before.version + 1,
      };
      const next = rows.map((f) => (f.id === after.id ? after : f));
      if (hasCycle(next, after.id)) throw cycleError();
      assertSiblingNamesUnique(next.filter((f) => f.parentId === after.parentId));
      await tx.update(folders).set({ folderName, parentId: after.parentId, sort: after.sort }).where(eq(folders.id, after.id));
      setAudit(req, { entityId: after.id, before, after });
      return ok(after.id);
    });
  },

  async bscFolderSaveBatch(req: OpRequest<"bscFolderSaveBatch">) {
    const list = req.body;
    if (new Set(list.map((f) => f.id)).size !== list.length) throw badRequest("id", "uniqueItems", "同一文件夹不能出现两次", "A folder may appear only once");
    return req.server.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727141)`);
      const rows = await allFolders(tx);
      const byId = new Map(rows.map((f) => [f.id, f]));
      const changes = list.map((c) => {
        const before = byId.get(c.id);
        if (!before) throw folderNotFound();
        if (c.parentId !== null && !byId.has(c.parentId)) throw notFound("上级文件夹", "Parent folder");
        return {
          before,
          after: { id: c.id, folderName: c.folderName === undefined ? before.folderName : folderNameOf(c.folderName), parentId: c.parentId, sort: c.sort, version: before.version + 1 },
        };
      });
      // Each folder moves only from the version the edit read (409 otherwise, issue 20).
      for (const c of list) await claimEdit(tx as unknown as Db, folders, c.id, c.version, FOLDER);
      const changed = new Map(changes.map((c) => [c.after.id, c.after]));
      const next = rows.map((f) => changed.get(f.id) ?? f);
      if (changes.some((c) => hasCycle(next, c.after.id))) throw cycleError();
      assertSiblingNamesUnique(next);
      for (const { after } of changes)
        await tx.update(folders).set({ folderName: after.folderName, parentId: after.parentId, sort: after.sort }).where(eq(folders.id, after.id));
      setAudit(req, { before: changes.map((c) => c.before), after: changes.map((c) => c.after) });
      return ok(null);
    });
  },

  /** Only an empty folder: one holding sub-folders or policies is refused (nothing is deleted recursively). */
  async deleteFolderById(req: OpRequest<"deleteFolderById">) {
    const id = req.query.id;
    return req.server.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727141)`);
      const [row] = await tx.select().from(folders).where(eq(folders.id, id)).for("update");
      if (!row) throw folderNotFound();
      const [[{ subFolders }], [{ held }]] = await Promise.all([
        tx.select({ subFolders: count() }).from(folders).where(eq(folders.parentId, id)),
        tx.select({ held: count() }).from(policies).where(eq(policies.folderId, id)),
      ]);
      if (subFolders > 0) throw badRequest("id", "notEmpty", "该文件夹下还有子文件夹，请先删除或移走它们", "This folder still holds sub-folders; delete or move them first");
      if (held > 0)
        throw badRequest("id", "notEmpty", `该文件夹下还有 ${held} 条政策，请先删除或移走它们`, `This folder still holds ${held} policies; delete or move them first`);
      await tx.delete(folders).where(eq(folders.id, id));
      setAudit(req, { entityId: id, before: { id: row.id, folderName: row.folderName, parentId: row.parentId, sort: row.sort }, after: null });
      return ok(null);
    });
  },

  // ------------------------------------------------------------------------ policies

  async bscPolicyPage(req: OpRequest<"bscPolicyPage">) {
    const db = req.server.db;
    const b = req.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 10;
    const title = b.title?.trim();
    const keyword = b.keyword?.trim();
    const where = and(
      title ? ilike(policies.title, containsPattern(title)) : undefined,
      keyword ? ilike(policies.keyword, containsPattern(keyword)) : undefined,
      b.status === undefined ? undefined : eq(policies.status, b.status),
      b.folderId === undefined ? undefined : eq(policies.folderId, b.folderId),
      b.deptId === undefined ? undefined : eq(policies.deptId, b.deptId),
      b.visibility === undefined ? undefined : eq(policies.visibility, b.visibility),
      b.labelId === undefined
        ? undefined
        : inArray(policies.id, db.select({ id: policyLabels.policyId }).from(policyLabels).where(eq(policyLabels.labelId, b.labelId))),
    );
    const dir = b.sortOrder === "asc" ? asc : desc;
    const order: SQL[] = [dir(SORT_COLUMNS[b.sortField ?? "createTime"]), dir(policies.id)];
    const [rows, [{ total }]] = await Promise.all([
      summaryQuery(db).where(where).orderBy(...order).limit(pageSize).offset((page - 1) * pageSize),
      db.select({ total: count() }).from(policies).where(where),
    ]);
    return paged(await toSummaries(db, rows), total, page, pageSize);
  },

  async bscPolicyGetById(req: OpRequest<"bscPolicyGetById">) {
    const policy = await policyById(req.server.db, req.query.id);
    if (!policy) throw policyNotFound();
    return ok(policy);
  },

  /** Create (no id, button add) or update (id, button edit); the policy is saved as draft (0) or submitted (1). */
  async createBscPolicy(req: OpRequest<"createBscPolicy">) {
    const db = req.server.db;
    const s = sessionOf(req);
    const b = req.body;
    if (!s.permissions.has(b.id === undefined ? "knowledgeIndex:add" : "knowledgeIndex:edit")) throw forbidden();
    const title = b.title.trim();
    const keyword = b.keyword.trim();
    if (!title) throw requiredMissing("title");
    if (!keyword) throw requiredMissing("keyword");
    const { content, contentText } = contentOf(b.content);
    const versionNumber = b.versionNumber === undefined ? "1.0.0" : expandVersionNumber(b.versionNumber);
    if (!versionNumber) throw badRequest("versionNumber", "pattern", "版本号格式不正确", "The version number is not valid");
    const labelIds = b.labelIds ?? [];
    const attachmentIds = b.attachmentIds ?? [];
    await assertReferences(db, { ...b, labelIds });
    const before = b.id === undefined ? null : await policyById(db, b.id);
    if (b.id !== undefined && !before) throw policyNotFound();
    if (b.id !== undefined && b.version === undefined) throw versionRequired();
    await assertAttachable(db, attachmentIds, s.userId, b.id);
    const [taken] = await db
      .select({ id: policies.id })
      .from(policies)
      .where(and(eq(policies.keyword, keyword), b.id === undefined ? undefined : ne(policies.id, b.id)));
    if (taken) throw keywordExists();

    const values = {
      title,
      keyword,
      status: b.status ?? 0,
      visibility: b.visibility ?? 1,
      reviewFlag: b.reviewFlag ?? 0,
      versionNumber,
      content,
      contentText,
      deptId: b.deptId,
      creatorId: b.creator,
      folderId: b.folderId,
    };
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        let policyId = b.id;
        if (policyId === undefined) {
          [{ id: policyId }] = await tx.insert(policies).values(values).returning({ id: policies.id });
        } else {
          // Only while the policy still has the version the edit read (409 otherwise, issue 20).
          await claimEdit(tx as unknown as Db, policies, policyId, b.version, POLICY_LABEL);
          await tx.update(policies).set({ ...values, updateTime: sql`now()` }).where(eq(policies.id, policyId));
          await tx.delete(policyLabels).where(eq(policyLabels.policyId, policyId));
          await tx.delete(policyAttachments).where(eq(policyAttachments.policyId, policyId));
        }
        if (labelIds.length) await tx.insert(policyLabels).values(labelIds.map((labelId) => ({ policyId: policyId!, labelId })));
        if (attachmentIds.length)
          await tx.insert(policyAttachments).values(attachmentIds.map((fileId, sort) => ({ policyId: policyId!, fileId, sort })));
        return policyId;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw keywordExists();
      throw e;
    }
    setAudit(req, { entityId: id, before, after: await policyById(db, id) });
    return ok(id);
  },

  async bscPolicyRemoveById(req: OpRequest<"bscPolicyRemoveById">) {
    const db = req.server.db;
    const before = await policyById(db, req.query.id);
    if (!before) throw policyNotFound();
    const done = await db.delete(policies).where(eq(policies.id, req.query.id)).returning({ id: policies.id });
    if (!done.length) throw policyNotFound();
    setAudit(req, { entityId: req.query.id, before, after: null });
    return ok(null);
  },

  async updatePolicyStatus(req: OpRequest<"updatePolicyStatus">) {
    const { id, status } = req.body;
    return req.server.db.transaction(async (tx) => {
      const [row] = await tx.select({ status: policies.status, firstApprovedAt: policies.firstApprovedAt }).from(policies).where(eq(policies.id, id)).for("update");
      if (!row) throw policyNotFound();
      if (!NEXT_STATUS[row.status]?.includes(status))
        throw badRequest("status", "transition", `状态不能从 ${row.status} 改为 ${status}`, `The status cannot change from ${row.status} to ${status}`);
      // A review step is not version-checked (the allowed transitions guard it), but an edit opened
      // before it must not put the policy back to draft or submitted silently (issue 20).
      await tx
        .update(policies)
        .set({ status, updateTime: sql`now()`, version: nextVersion(policies.version), ...(status === 4 ? { firstApprovedAt: sql`coalesce(${policies.firstApprovedAt}, now())` } : {}) })
        .where(eq(policies.id, id));
      // Issue 23: an approval is when a policy reaches the help centre; its folder's followers hear it
      // (a hidden policy sends nothing, policyChanged checks). Any other step sends nothing.
      if (status === 4) await policyChanged(tx as unknown as Db, id, row.firstApprovedAt ? "updated" : "published", sessionOf(req).userId);
      // Issue 24: the approved content becomes a new published version when it changed (campaigns of
      // the earlier one show it superseded), in this transaction.
      if (status === 4) await recordPolicyVersion(tx as unknown as Db, id, sessionOf(req).userId);
      setAudit(req, { entityId: id, before: { id, status: row.status }, after: { id, status } });
      return ok(id);
    });
  },

  // -------------------------------------------------------------------------- import

  async importExcel(req: ImportRequest, reply: FastifyReply) {
    const result = await importPolicies(req);
    if ("rowErrors" in result) {
      const first = result.rowErrors[0];
      return reply.code(400).send({
        code: 400,
        data: null,
        resultMessage: `导入失败：${result.rowErrors.length} 处错误，未导入任何数据（第 ${first.row} 行 ${first.field}：${first.message}）`,
        resultEnMessage: `Import failed: ${result.rowErrors.length} errors, nothing was imported (row ${first.row} ${first.field}: ${first.enMessage})`,
        rowErrors: result.rowErrors,
      });
    }
    setAudit(req, { after: { folderId: result.folderId, importedCount: result.ids.length, ids: result.ids } });
    return ok({ importedCount: result.ids.length });
  },

  async downLoadTemplateFile(req: OpRequest<"downLoadTemplateFile">, reply: FastifyReply) {
    const buffer = await policyTemplate(req.server.db, sessionOf(req).userId);
    return reply
      .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename="${TEMPLATE_FILE_NAME}"`)
      .header("cache-control", "no-store")
      .send(buffer);
  },
} satisfies TagHandlers<"policy">;
