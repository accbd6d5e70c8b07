import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import { hashPassword } from "../lib/passwords.ts";
import type { Db } from "./client.ts";
import { seedDemoWorkspaces } from "./demo/workspace.ts";
import { menus, meta, personalStatusRecords, privacyPolicies, roleMenus, roles, userRoles, users } from "./schema.ts";

export const DEMO_ACCOUNTS = [
  { userName: "admin", realName: "系统管理员", roles: ["admin", "staff"], password: "Admin@12345", bu: "IT", email: "admin@example.com", profile: "admin" },
  { userName: "zhangwei", realName: "张伟", roles: ["staff"], password: "Staff@12345", bu: "Cardiology", email: "zhang.wei@example.com", profile: "zhangwei" },
  { userName: "lina", realName: "李娜", roles: ["staff", "editor"], password: "Staff@12345", bu: "Quality", email: "li.na@example.com", profile: "lina" },
] as const;

/** The privacy-policy version the demo publishes (and the demo accounts have accepted). */
export const DEMO_POLICY_VERSION = "1.0.0";

export type MenuSeed = { code: number; name: string; url: string; type?: 0 | 1; hidden?: 0 | 1; img?: string; children?: MenuSeed[] };

// Spec 2.2, 2.3 and 6: type 0 menus, type 1 button permissions keyed by url.
const USER_MENUS: MenuSeed[] = [
  { code: 1, name: "workingSpace", url: "/workingSpace", img: "AppstoreOutlined" },
  { code: 2, name: "appCenterIndex", url: "/appCenterIndex", img: "AppstoreAddOutlined" },
  { code: 3, name: "helpCenter", url: "/helpCenter", img: "QuestionCircleOutlined" },
  { code: 4, name: "missionCenterIndex", url: "/missionCenterIndex", img: "CheckSquareOutlined" },
  { code: 5, name: "myDataCenter", url: "/myDataCenter", img: "BarChartOutlined" },
  { code: 6, name: "myProgramme", url: "/myProgramme", img: "CalendarOutlined" },
  { code: 7, name: "teasingList", url: "/teasingList", img: "CommentOutlined" },
];
/** Type 1 children of a menu: the button permissions `<prefix>:<action>` (src/admin/README.md). */
const buttons = (code: number, prefix: string, actions: string[]): MenuSeed[] =>
  actions.map((a, i) => ({ code: code * 10 + i + 1, name: `${prefix}:${a}`, url: `${prefix}:${a}`, type: 1 }));

const ADMIN_MENUS: MenuSeed[] = [
  { code: 100, name: "home", url: "/home", hidden: 1, img: "HomeOutlined" },
  {
    code: 110, name: "sys", url: "/sys", img: "SettingOutlined",
    children: [
      { code: 111, name: "user", url: "/sys/user", children: buttons(111, "sys:user", ["add", "edit", "status", "delete", "resetPassword"]) },
      { code: 112, name: "role", url: "/sys/role", children: buttons(112, "sys:role", ["add", "edit", "status"]) },
      { code: 113, name: "menu", url: "/sys/menu", children: buttons(113, "sys:menu", ["add", "edit", "delete"]) },
      { code: 114, name: "audit", url: "/sys/audit" },
      { code: 115, name: "auditTrail", url: "/sys/auditTrail" },
    ],
  },
  {
    code: 120, name: "tagManamentList", url: "/tagManamentList", img: "TagsOutlined",
    children: [
      { code: 121, name: "recommendTagsList", url: "/tagManamentList/recommendTagsList",
        children: buttons(121, "tagManamentList:recommendTagsList", ["add", "edit", "delete", "status"]) },
      { code: 122, name: "applicationTagsList", url: "/tagManamentList/applicationTagsList",
        children: buttons(122, "tagManamentList:applicationTagsList", ["edit", "delete"]) },
      { code: 123, name: "BUApplicationTagsList", url: "/tagManamentList/BUApplicationTagsList",
        children: buttons(123, "tagManamentList:BUApplicationTagsList", ["edit"]) },
    ],
  },
  { code: 130, name: "applicationManagement", url: "/applicationManagement", img: "AppstoreOutlined",
    children: buttons(130, "applicationManagement", ["add", "edit", "status", "delete"]) },
  { code: 131, name: "outAppList", url: "/outAppList", img: "GlobalOutlined", children: buttons(131, "outAppList", ["add", "edit", "status"]) },
  {
    code: 140, name: "policy", url: "/policy", img: "FileTextOutlined",
    children: [
      { code: 141, name: "knowledgeIndex", url: "/knowledgeIndex", children: buttons(141, "knowledgeIndex", ["add", "edit", "delete", "status", "import", "folder"]) },
      { code: 142, name: "privacyPolicyList", url: "/privacyPolicyList", children: buttons(142, "privacyPolicyList", ["add"]) },
      { code: 143, name: "privacyPolicyAdd", url: "/privacyPolicyAdd", hidden: 1 },
      // Issue 24: read-and-acknowledge campaigns (add starts one; edit closes, restarts, reminds).
      { code: 144, name: "campaign", url: "/compliance/campaign", children: buttons(144, "compliance:campaign", ["add", "edit"]) },
      // Issue 24: which actions need an electronic signature (privacy publishing, complaint moderation).
      { code: 145, name: "esignSettings", url: "/esignSettings", children: buttons(145, "esignSettings", ["edit"]) },
    ],
  },
  {
    code: 150, name: "taskManagement", url: "/taskManagement", img: "CommentOutlined",
    children: [
      // Moderating a comment (review, reply, delete) is granted by the complaint buttons: they act on
      // the same talk-show items (docs/decisions.md).
      { code: 151, name: "commentList", url: "/commentList" },
      { code: 152, name: "roastList", url: "/roastList", children: buttons(152, "roastList", ["check", "add", "delete", "status"]) },
    ],
  },
  { code: 160, name: "originDataList", url: "/originDataList", img: "DatabaseOutlined", children: buttons(160, "originDataList", ["import"]) },
  { code: 170, name: "personalCenter", url: "/personalCenter", img: "UserOutlined" },
];
const SYSTEM_BUTTON: MenuSeed = { code: 900, name: "system", url: "system", type: 1 };

async function insertMenus(db: Db, list: MenuSeed[], parentId: number | null, ids: Map<string, number>) {
  for (const m of list) {
    const [row] = await db
      .insert(menus)
      .values({ menuCode: m.code, menuName: m.name, url: m.url, type: m.type ?? 0, hidden: m.hidden ?? 0, img: m.img ?? null, parentId })
      .returning({ id: menus.id });
    ids.set(m.url, row.id);
    if (m.children) await insertMenus(db, m.children, row.id, ids);
  }
}

/** The urls of a seeded tree, every node's or only those `keep` takes. */
const urlsOf = (list: MenuSeed[], keep: (m: MenuSeed) => boolean = () => true): string[] =>
  list.flatMap((m) => [...(keep(m) ? [m.url] : []), ...urlsOf(m.children ?? [], keep)]);

/** The product's menu and button tree (spec 2.2, 2.3, 6): what `npm run admin:reset` restores when missing. */
export const PRODUCT_MENUS: readonly MenuSeed[] = [...USER_MENUS, ...ADMIN_MENUS, SYSTEM_BUTTON];

/** Every menu and button url the seed creates (the contract test checks x-permission against it). */
export const SEEDED_MENU_URLS: ReadonlySet<string> = new Set(urlsOf([...USER_MENUS, ...ADMIN_MENUS, SYSTEM_BUTTON]));

/** Every seeded menu url (type 0) without any button (the access matrix's menus-only column). */
export const SEEDED_MENUS_WITHOUT_BUTTONS: readonly string[] = urlsOf([...USER_MENUS, ...ADMIN_MENUS], (m) => (m.type ?? 0) === 0);

/** The menu and button urls each seeded role is granted (the access-matrix test derives its expectations from them). */
export const SEEDED_ROLE_GRANTS: Readonly<Record<"admin" | "staff" | "editor", readonly string[]>> = {
  admin: [...urlsOf(USER_MENUS), ...urlsOf(ADMIN_MENUS), SYSTEM_BUTTON.url],
  staff: urlsOf(USER_MENUS),
  editor: [...urlsOf(USER_MENUS), "/policy", ...urlsOf(ADMIN_MENUS.find((m) => m.url === "/policy")!.children!.slice(0, 1))],
};

/** Demo data, once per database (ARCHITECTURE 5); passwords from the environment when given. */
export async function seedDemo(db: Db, config: Config) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute("SELECT pg_advisory_xact_lock(727002)");
    const [done] = await t.select().from(meta).where(eq(meta.key, "demoSeed"));
    if (done) return;
    // One moment for the whole seed: the calendar and tasks are placed around it (its value is kept in meta).
    const now = config.demoSeedTime ?? new Date();
    if (config.production && (!config.adminPassword || !config.staffPassword))
      throw new Error("DEMO_SEED in production needs ADMIN_PASSWORD and STAFF_PASSWORD.");

    const ids = new Map<string, number>();
    await insertMenus(t, [...USER_MENUS, ...ADMIN_MENUS, SYSTEM_BUTTON], null, ids);
    const grant = SEEDED_ROLE_GRANTS;
    const roleRows = await t
      .insert(roles)
      .values([
        { roleName: "管理员", roleCode: "admin", description: "全部菜单和按钮", remark: "演示数据", isAdmin: true },
        { roleName: "员工", roleCode: "staff", description: "普通员工", remark: "演示数据" },
        { roleName: "编辑", roleCode: "editor", description: "政策编辑", remark: "演示数据" },
      ])
      .returning();
    const roleId = Object.fromEntries(roleRows.map((r) => [r.roleCode, r.id]));
    for (const [code, urls] of Object.entries(grant))
      await t.insert(roleMenus).values(urls.map((u) => ({ roleId: roleId[code], menuId: ids.get(u)! })));

    const userIds: number[] = [];
    for (const a of DEMO_ACCOUNTS) {
      const pw = a.userName === "admin" ? config.adminPassword ?? a.password : config.staffPassword ?? a.password;
      const [u] = await t
        .insert(users)
        .values({ userName: a.userName, realName: a.realName, passwordHash: await hashPassword(pw), bu: a.bu, email: a.email })
        .returning({ id: users.id });
      await t.insert(userRoles).values(a.roles.map((r, i) => ({ userId: u.id, roleId: roleId[r], sort: i })));
      userIds.push(u.id);
    }

    // The workspace: app catalogue, data sources, and each account's apps, reports, calendar and tasks.
    await seedDemoWorkspaces(t, DEMO_ACCOUNTS.map((a, i) => ({ id: userIds[i], realName: a.realName, profile: a.profile })), now);

    // The demo accounts have accepted the seeded policy and seen the guide, so the demo opens on
    // the workspace; any other user (created later, or provisioned by single sign-on) goes through
    // the first-login flow (spec 2.8, 4).
    await t.insert(personalStatusRecords).values(
      userIds.map((userId) => ({ userId, privacyStatus: 1 as const, privacyVersion: DEMO_POLICY_VERSION, noviceGuideStatus: 1 as const })),
    );

    await t.insert(privacyPolicies).values({
      policyVersion: DEMO_POLICY_VERSION,
      policyContent:
        "员工门户隐私政策 / Employee portal privacy policy\n\n" +
        "我们仅为提供门户服务而处理您的账号、角色、语言和工作台布局等信息，不会用于其他目的。\n" +
        "We process your account, roles, language and workspace layout only to provide the portal, and for no other purpose.\n\n" +
        "您可以随时在个人中心查看和更正您的信息。\nYou can view and correct your information in the personal centre at any time.",
    });
    await t.insert(meta).values({ key: "demoSeed", value: now.toISOString() });
  });
}
