// Issue 20, lost updates: every administrator's edit carries the version it read. Of two edits from
// the same version the first is stored and the second is refused with 409 (code 4090, "changed by
// someone else; reload" in both languages) with nothing of it stored - for each edit operation of
// the contract. Two saves of one role's menus at once: exactly one wins, the other is refused as
// stale, never with a false "Some menu ids do not exist".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";

type Res = Awaited<ReturnType<TestApp["call"]>>;
type Node = { id: number; url: string; version: number; children?: Node[] };

let t: TestApp;
let admin: string;
let tagIds: number[];
let deptIds: number[];
let menuIds: Record<string, number>;
let deptId: number;
let adminId: number;
let serial = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  tagIds = (await t.sql.query("SELECT id FROM bsc_label ORDER BY id LIMIT 2")).rows.map((r) => r.id);
  deptIds = (await t.sql.query("SELECT id FROM sys_dept ORDER BY id")).rows.map((r) => r.id);
  deptId = deptIds[0];
  adminId = (await t.sql.query("SELECT id FROM sys_user WHERE user_name = 'admin'")).rows[0].id;
  const flat = (list: Node[]): Node[] => list.flatMap((n) => [n, ...flat(n.children ?? [])]);
  menuIds = Object.fromEntries(flat((await call("GET", "/sysMenu")).json().data).map((n) => [n.url, n.id]));
});
afterAll(() => t?.close());

const call = (method: string, url: string, opts: { body?: unknown; query?: Record<string, string | number> } = {}) => t.call(method, url, { sid: admin, ...opts });
const data = async (res: Promise<Res>) => {
  const r = await res;
  expect(r.json().code, r.body).toBe(0);
  return r.json().data;
};
const findIn = (records: { id: number; [field: string]: any }[], id: number) => {
  const found = records.find((r) => r.id === id);
  if (!found) throw new Error(`record ${id} not listed`);
  return found;
};
const treeNode = async (path: string, id: number): Promise<Record<string, any>> => {
  const flat = (list: Node[]): Node[] => list.flatMap((n) => [n, ...flat(n.children ?? [])]);
  return findIn(flat(await data(call("GET", path))), id);
};
const outcome = (res: Res) => [res.statusCode, res.json().code];

/** One edit operation: a record to edit, its version as the admin screen reads it, the edit, what is stored. */
interface EditCase {
  operation: string;
  make(n: number): Promise<number>;
  read(id: number, n: number): Promise<number>;
  /** The edit, `which` (0 or 1) choosing the value written. */
  write(id: number, version: number, which: 0 | 1, n: number): Promise<Res>;
  stored(id: number, n: number): Promise<unknown>;
  /** What `stored` answers after the edit `which`. */
  expected(which: 0 | 1, n: number): unknown;
}

const roleMaker = async (n: number) => data(call("POST", "/sysRole", { body: { roleName: `Stale ${n}`, roleCode: `stale${n}`, menuIds: [menuIds["/workingSpace"]] } }));
const appBody = (n: number, which: 0 | 1 | null) => ({ name: which === null ? `App ${n}` : `App ${n} ${which}`, url: "https://apps.example.com", keyword: `stale-${n}`, userDevice: "all" });
const policyBody = (folderId: number, n: number, which: 0 | 1 | null) => ({
  title: which === null ? `Policy ${n}` : `Policy ${n} ${which}`,
  keyword: `stale-policy-${n}`,
  folderId,
  content: "<p>Text</p>",
  deptId,
  creator: adminId,
});
const folders = new Map<number, number>();

const CASES: EditCase[] = [
  {
    operation: "updateSysRole",
    make: roleMaker,
    read: async (id) => (await data(call("GET", "/sysRole/getById", { query: { id } }))).version,
    write: (id, version, which, n) => call("PUT", "/sysRole", { body: { id, version, roleName: `Role ${which}`, roleCode: `stale${n}` } }),
    stored: async (id) => (await data(call("GET", "/sysRole/getById", { query: { id } }))).roleName,
    expected: (which) => `Role ${which}`,
  },
  {
    operation: "updateRole",
    make: roleMaker,
    read: async (id) => (await data(call("GET", "/sysRole/getById", { query: { id } }))).version,
    write: (id, version, which) =>
      call("PUT", "/sysRole/updateRole", { body: { id, version, menuIds: [menuIds["/workingSpace"], menuIds[which ? "/helpCenter" : "/appCenterIndex"]] } }),
    stored: async (id) => [...(await data(call("GET", "/sysRole/getById", { query: { id } }))).menuIds].sort((a: number, b: number) => a - b),
    expected: (which) => [menuIds["/workingSpace"], menuIds[which ? "/helpCenter" : "/appCenterIndex"]].sort((a, b) => a - b),
  },
  {
    operation: "updateSysUserRole",
    make: async (n) => (await data(call("POST", "/sysUserRole", { body: { userName: `stale${n}`, realName: "Stale", roleCodes: ["staff"] } }))).id,
    read: async (id) => (await data(call("GET", "/sysUserRole/getById", { query: { id } }))).version,
    write: (id, version, which) => call("PUT", "/sysUserRole", { body: { id, version, realName: `Real ${which}`, roleCodes: which ? ["editor"] : ["staff", "editor"] } }),
    stored: async (id) => {
      const u = await data(call("GET", "/sysUserRole/getById", { query: { id } }));
      return [u.realName, u.roleCodes];
    },
    expected: (which) => [`Real ${which}`, which ? ["editor"] : ["staff", "editor"]],
  },
  {
    operation: "updateSysMenu",
    make: (n) => data(call("POST", "/sysMenu", { body: { menuCode: 900 + n, menuName: `Stale ${n}`, url: `/stale${n}`, type: 0, parentId: null } })),
    read: async (id) => (await treeNode("/sysMenu", id)).version,
    write: (id, version, which, n) => call("PUT", "/sysMenu", { body: { id, version, menuCode: 900 + n, menuName: `Menu ${which}`, url: `/stale${n}`, type: 0, parentId: null } }),
    stored: async (id) => (await treeNode("/sysMenu", id)).menuName,
    expected: (which) => `Menu ${which}`,
  },
  {
    operation: "updateBscLabel",
    make: (n) => data(call("POST", "/bscLabel", { body: { labelName: `陈旧${n}`, labelEnName: `Stale ${n}` } })),
    read: async (id) => (await data(call("GET", "/bscLabel/getById", { query: { id } }))).version,
    write: (id, version, which, n) => call("PUT", "/bscLabel", { body: { id, version, labelName: `陈旧${n}-${which}`, labelEnName: `Stale ${n} ${which}` } }),
    stored: async (id) => (await data(call("GET", "/bscLabel/getById", { query: { id } }))).labelName,
    expected: (which, n) => `陈旧${n}-${which}`,
  },
  {
    operation: "saveBatchById (a new sort)",
    make: (n) => data(call("POST", "/bscLabel", { body: { labelName: `排序${n}`, labelEnName: `Order ${n}` } })),
    read: async (id) => findIn((await data(call("POST", "/bscLabel/page", { body: { pageSize: 100, sortField: "id", sortOrder: "desc" } }))).records, id).version,
    write: (id, version, which) => call("PUT", "/bscLabel/saveBatchById", { body: [{ id, version, sort: 50 + which }] }),
    stored: async (id) => (await data(call("GET", "/bscLabel/getById", { query: { id } }))).sort,
    expected: (which) => 50 + which,
  },
  {
    operation: "updateBscApp",
    make: (n) => data(call("POST", "/bscApp", { body: appBody(n, null) })),
    read: async (id, n) => findIn((await data(call("POST", "/bscApp/searchList", { body: { name: `stale-${n}` } }))).records, id).version,
    write: (id, version, which, n) => call("PUT", "/bscApp", { body: { id, version, ...appBody(n, which) } }),
    stored: async (id, n) => findIn((await data(call("POST", "/bscApp/searchList", { body: { name: `stale-${n}` } }))).records, id).name,
    expected: (which, n) => `App ${n} ${which}`,
  },
  {
    operation: "updateBscPortalApp",
    make: (n) => data(call("POST", "/bscPortalApp", { body: appBody(n, null) })),
    read: async (id, n) => findIn((await data(call("POST", "/bscPortalApp/searchList", { body: { name: `stale-${n}` } }))).records, id).version,
    write: (id, version, which, n) => call("PUT", "/bscPortalApp", { body: { id, version, ...appBody(n, which) } }),
    stored: async (id, n) => findIn((await data(call("POST", "/bscPortalApp/searchList", { body: { name: `stale-${n}` } }))).records, id).name,
    expected: (which, n) => `App ${n} ${which}`,
  },
  {
    operation: "createBscChart (with id)",
    make: (n) => data(call("POST", "/bscChart", { body: { name: `Chart ${n}`, url: "https://bi.example.com", userDevice: "all" } })),
    read: async (id) => (await data(call("GET", "/bscChart/getById", { query: { id } }))).version,
    write: (id, version, which) => call("POST", "/bscChart", { body: { id, version, name: `Chart ${which}`, url: "https://bi.example.com", userDevice: "all" } }),
    stored: async (id) => (await data(call("GET", "/bscChart/getById", { query: { id } }))).name,
    expected: (which) => `Chart ${which}`,
  },
  {
    operation: "saveAppLabel",
    make: (n) => data(call("POST", "/bscApp", { body: appBody(n, null) })),
    read: async (id, n) => findIn((await data(call("POST", "/bscLabel/pageAppLabel", { body: { appName: `App ${n}` } }))).records, id).version,
    write: (id, version, which) => call("POST", "/bscLabel/saveAppLabel", { body: { appId: id, version, labelIds: [tagIds[which]] } }),
    stored: async (id) => (await t.sql.query("SELECT label_id FROM bsc_app_label WHERE app_id = $1", [id])).rows.map((r) => r.label_id),
    expected: (which) => [tagIds[which]],
  },
  {
    operation: "saveDeptLabelList",
    make: async (n) => deptIds[n % deptIds.length],
    read: async (id) => {
      const { deptName } = (await t.sql.query("SELECT dept_name AS \"deptName\" FROM sys_dept WHERE id = $1", [id])).rows[0];
      return findIn((await data(call("POST", "/bscDeptLabel/pageDeptLabel", { body: { deptName, pageSize: 100 } }))).records, id).version;
    },
    write: (id, version, which) => call("PUT", "/bscDeptLabel/saveDeptLabelList", { body: { deptId: id, version, labelIds: [tagIds[which]] } }),
    stored: async (id) => (await t.sql.query("SELECT label_id FROM bsc_dept_label WHERE dept_id = $1", [id])).rows.map((r) => r.label_id),
    expected: (which) => [tagIds[which]],
  },
  {
    operation: "saveFolder (with id)",
    make: (n) => data(call("POST", "/bscFolder/saveFolder", { body: { folderName: `Stale ${n}` } })),
    read: async (id) => (await treeNode("/bscFolder", id)).version,
    write: (id, version, which, n) => call("POST", "/bscFolder/saveFolder", { body: { id, version, folderName: `Stale ${n} ${which}` } }),
    stored: async (id) => (await treeNode("/bscFolder", id)).folderName,
    expected: (which, n) => `Stale ${n} ${which}`,
  },
  {
    operation: "bscFolderSaveBatch",
    make: (n) => data(call("POST", "/bscFolder/saveFolder", { body: { folderName: `Batch ${n}` } })),
    read: async (id) => (await treeNode("/bscFolder", id)).version,
    write: (id, version, which) => call("POST", "/bscFolder/saveBatch", { body: [{ id, version, parentId: null, sort: 70 + which }] }),
    stored: async (id) => (await treeNode("/bscFolder", id)).sort,
    expected: (which) => 70 + which,
  },
  {
    operation: "createBscPolicy (with id)",
    make: async (n) => {
      const folderId = await data(call("POST", "/bscFolder/saveFolder", { body: { folderName: `Policies ${n}` } }));
      const id = await data(call("POST", "/bscPolicy", { body: policyBody(folderId, n, null) }));
      folders.set(id, folderId);
      return id;
    },
    read: async (id) => (await data(call("GET", "/bscPolicy/getById", { query: { id } }))).version,
    write: (id, version, which, n) => call("POST", "/bscPolicy", { body: { id, version, ...policyBody(folders.get(id)!, n, which) } }),
    stored: async (id) => (await data(call("GET", "/bscPolicy/getById", { query: { id } }))).title,
    expected: (which, n) => `Policy ${n} ${which}`,
  },
];

describe("two administrators edit the same record from the same version", () => {
  it.each(CASES.map((c) => [c.operation, c] as const))("%s: the first is stored, the second is refused 409 (code 4090) and stores nothing", async (_name, c) => {
    const n = ++serial;
    const id = await c.make(n);
    const version = await c.read(id, n);
    expect(version).toBeGreaterThanOrEqual(1);

    const first = await c.write(id, version, 0, n);
    expect(outcome(first), first.body).toEqual([200, 0]);
    expect(await c.stored(id, n)).toEqual(c.expected(0, n));
    expect(await c.read(id, n)).toBe(version + 1);

    const second = await c.write(id, version, 1, n);
    expect(outcome(second), second.body).toEqual([409, 4090]);
    expect(second.json()).toMatchObject({ data: null });
    expect(second.json().resultMessage).toContain("已被他人修改");
    expect(second.json().resultEnMessage).toContain("changed by someone else");
    expect(await c.stored(id, n)).toEqual(c.expected(0, n));
    expect(await c.read(id, n)).toBe(version + 1);

    // Reloaded (the version read again), the same edit goes through.
    const again = await c.write(id, await c.read(id, n), 1, n);
    expect(outcome(again), again.body).toEqual([200, 0]);
    expect(await c.stored(id, n)).toEqual(c.expected(1, n));
  });

  it("an edit of a data source, folder or policy by id without the version read is refused (400 on version)", async () => {
    const n = ++serial;
    const chart = await data(call("POST", "/bscChart", { body: { name: `Chart ${n}`, url: "https://bi.example.com", userDevice: "all" } }));
    const folder = await data(call("POST", "/bscFolder/saveFolder", { body: { folderName: `No version ${n}` } }));
    const policy = await data(call("POST", "/bscPolicy", { body: policyBody(folder, n, null) }));
    for (const res of [
      await call("POST", "/bscChart", { body: { id: chart, name: "x", url: "https://bi.example.com", userDevice: "all" } }),
      await call("POST", "/bscFolder/saveFolder", { body: { id: folder, folderName: "x" } }),
      await call("POST", "/bscPolicy", { body: { id: policy, ...policyBody(folder, n, 1) } }),
      await call("PUT", "/bscLabel/saveBatchById", { body: [{ id: tagIds[0], sort: 3 }] }),
      await call("PUT", "/sysRole", { body: { id: await roleMaker(n), roleName: "x", roleCode: `stale${n}` } }),
    ])
      expect([res.statusCode, res.json().errors?.[0]?.field ?? res.json().resultEnMessage]).toEqual([400, expect.stringMatching(/version/)]);
  });
});

describe("what moves a version on besides an edit", () => {
  it("a status switch: an edit opened before it is refused instead of switching the role back on", async () => {
    const n = ++serial;
    const id = await roleMaker(n);
    const { version } = await data(call("GET", "/sysRole/getById", { query: { id } }));
    expect(await data(call("GET", "/sysUserEx/changeRoleStatus", { query: { id, status: 0 } }))).toBe(id);
    const stale = await call("PUT", "/sysRole", { body: { id, version, roleName: "Still on", roleCode: `stale${n}`, status: 1 } });
    expect(outcome(stale)).toEqual([409, 4090]);
    expect(await data(call("GET", "/sysRole/getById", { query: { id } }))).toMatchObject({ status: 0, roleName: `Stale ${n}`, version: version + 1 });
  });

  it("a menu deleted from a role's grants: the edit opened before is refused as stale, not as 'Some menu ids do not exist'", async () => {
    const n = ++serial;
    const menu = await data(call("POST", "/sysMenu", { body: { menuCode: 950 + n, menuName: `Doomed ${n}`, url: `/doomed${n}`, type: 0, parentId: null } }));
    const id = await data(call("POST", "/sysRole", { body: { roleName: `Grants ${n}`, roleCode: `grants${n}`, menuIds: [menuIds["/workingSpace"], menu] } }));
    const { version, menuIds: read } = await data(call("GET", "/sysRole/getById", { query: { id } }));
    expect(await data(call("DELETE", "/sysMenu", { query: { id: menu } }))).toBe(menu);
    const stale = await call("PUT", "/sysRole/updateRole", { body: { id, version, menuIds: [...read, menuIds["/helpCenter"]] } });
    expect(outcome(stale)).toEqual([409, 4090]);
    expect((await data(call("GET", "/sysRole/getById", { query: { id } }))).menuIds).toEqual([menuIds["/workingSpace"]]);
  });
});

describe("two saves of one role's menus at the same moment", () => {
  it("each adding a different menu from the same version: exactly one is stored, the other is refused 409 (never 'menu ids do not exist')", async () => {
    const base = [menuIds["/workingSpace"]];
    const adds = [menuIds["/appCenterIndex"], menuIds["/helpCenter"]];
    for (let round = 0; round < 6; round++) {
      const n = ++serial;
      const id = await roleMaker(n);
      const { version } = await data(call("GET", "/sysRole/getById", { query: { id } }));
      // Half the rounds through the edit form's PUT /sysRole (fields and menus), half through updateRole.
      const save = (add: number) =>
        round % 2
          ? call("PUT", "/sysRole", { body: { id, version, roleName: `Stale ${n}`, roleCode: `stale${n}`, menuIds: [...base, add] } })
          : call("PUT", "/sysRole/updateRole", { body: { id, version, menuIds: [...base, add] } });
      const answers = await Promise.all(adds.map(save));
      expect(answers.map(outcome).sort(), answers.map((a) => a.body).join("\n")).toEqual([[200, 0], [409, 4090]]);
      const winner = adds[answers.findIndex((a) => a.statusCode === 200)];
      const stored = await data(call("GET", "/sysRole/getById", { query: { id } }));
      expect([...stored.menuIds].sort()).toEqual([...base, winner].sort());
      expect(stored.version).toBe(version + 1);
    }
  });
});
