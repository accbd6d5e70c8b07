import { and, asc, eq, ilike } from "drizzle-orm";
import { depts, users } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { notFound } from "../../lib/errors.ts";
import { containsPattern } from "../../lib/like.ts";
import type { OpRequest, TagHandlers } from "../types.ts";

// Departments (spec 7.6 sysDeptInfo): the tree a policy's visibility is chosen from, and a
// department's enabled users. Issue 6.

export const departmentHandlers = {
  async getDeptUserList(req: OpRequest<"getDeptUserList">) {
    const db = req.server.db;
    const [dept] = await db.select({ id: depts.id }).from(depts).where(eq(depts.id, req.query.deptId));
    if (!dept) throw notFound("部门", "Department");
    const rows = await db
      .select({ id: users.id, userName: users.userName, realName: users.realName })
      .from(users)
      .where(and(eq(users.deptId, dept.id), eq(users.status, 1)))
      .orderBy(asc(users.realName), asc(users.id));
    return ok(rows);
  },

  async sysDeptInfoList(req: OpRequest<"sysDeptInfoList">) {
    const q = req.body ?? {};
    const name = q.deptName?.trim();
    const rows = await req.server.db
      .select({ id: depts.id, deptName: depts.deptName, parentId: depts.parentId })
      .from(depts)
      .where(and(name ? ilike(depts.deptName, containsPattern(name)) : undefined, q.parentId !== undefined ? eq(depts.parentId, q.parentId) : undefined))
      .orderBy(asc(depts.deptName), asc(depts.id));
    return ok(rows);
  },
} satisfies TagHandlers<"policy">;
