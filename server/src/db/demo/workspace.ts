import { eq, getTableColumns, getTableName, sql, type Table } from "drizzle-orm";
import type { Db } from "../client.ts";
import { bscApps, bscCharts, personalApps, personalCalendars, personalCharts, personalTasks } from "../schema.ts";
import { mulberry32 } from "../../lib/random.ts";

// The demo workspace (ARCHITECTURE 5, issue 5): the app catalogue, the data sources, and for one
// user their apps, reports, calendar and tasks. Everything is deterministic for a given `now`
// (a fixed pseudo-random seed per profile), and each table is written with one multi-row insert.
// The icons are public/app-icons/*.svg and the reports public/demo-reports/*.html.

type AppRow = typeof bscApps.$inferInsert;
type ChartRow = typeof bscCharts.$inferInsert;

/** The app catalogue (bsc_app). keyword names the icon; two apps have no icon (default icon). */
const CATALOGUE: (Omit<AppRow, "appIconUrl"> & { keyword: string; icon: boolean })[] = [
  { keyword: "expenses", appName: "费用报销 Expenses", appUrl: "https://expenses.example.com", description: "差旅及日常费用报销 / Travel and daily expense claims", pcOrH5Status: 0, icon: true },
  { keyword: "travel", appName: "差旅申请 Travel", appUrl: "https://travel.example.com", description: "出差申请与机酒预订 / Trip requests and bookings", pcOrH5Status: 0, icon: true },
  { keyword: "leave", appName: "请假休假 Leave", appUrl: "https://hr.example.com/leave", description: "年假、病假与调休 / Annual, sick and compensatory leave", pcOrH5Status: 0, icon: true },
  { keyword: "purchasing", appName: "采购申请 Purchasing", appUrl: "https://purchasing.example.com", description: "物料与服务采购 / Goods and services purchasing", pcOrH5Status: 2, icon: true },
  { keyword: "contracts", appName: "合同管理 Contracts", appUrl: "https://contracts.example.com", description: "合同起草、审批与归档 / Drafting, approval and filing", pcOrH5Status: 2, icon: true },
  { keyword: "quality", appName: "质量管理 QMS", appUrl: "https://qms.example.com", description: "CAPA、偏差与变更控制 / CAPA, deviations and change control", pcOrH5Status: 2, icon: true },
  { keyword: "adverse-events", appName: "不良事件 Adverse Events", appUrl: "https://vigilance.example.com", description: "医疗器械不良事件上报 / Medical device vigilance reporting", pcOrH5Status: 0, icon: true },
  { keyword: "registrations", appName: "注册证查询 Registrations", appUrl: "https://regulatory.example.com/certificates", description: "医疗器械注册证 / Device registration certificates", pcOrH5Status: 2, icon: true },
  { keyword: "upn", appName: "UPN 查询 UPN Lookup", appUrl: "https://regulatory.example.com/upn", description: "产品 UPN 与限制原因 / Product UPNs and restrictions", pcOrH5Status: 2, icon: true },
  { keyword: "crm", appName: "客户关系 CRM", appUrl: "https://crm.example.com", description: "医院客户与商机 / Hospital accounts and opportunities", pcOrH5Status: 0, icon: true },
  { keyword: "distributors", appName: "经销商门户 Distributors", appUrl: "https://distributors.example.com", description: "经销商订单与授权 / Distributor orders and authorisations", pcOrH5Status: 2, icon: true },
  { keyword: "learning", appName: "培训学习 Learning", appUrl: "https://learning.example.com", description: "产品与合规培训 / Product and compliance training", pcOrH5Status: 0, icon: true },
  { keyword: "rooms", appName: "会议室预订 Meeting Rooms", appUrl: "https://rooms.example.com", description: "会议室与视频设备 / Rooms and video equipment", pcOrH5Status: 0, icon: true },
  { keyword: "helpdesk", appName: "IT 服务台 IT Helpdesk", appUrl: "https://helpdesk.example.com", description: "IT 报修与权限申请 / IT tickets and access requests", pcOrH5Status: 0, icon: true },
  { keyword: "hr", appName: "人事自助 HR Self-service", appUrl: "https://hr.example.com", description: "薪资单、证明与个人信息 / Payslips, letters and records", pcOrH5Status: 0, icon: true },
  { keyword: "inventory", appName: "库存查询 Inventory", appUrl: "https://inventory.example.com", description: "仓库库存与批号 / Warehouse stock and lots", pcOrH5Status: 2, icon: true },
  { keyword: "clinical", appName: "临床试验 Clinical Trials", appUrl: "https://clinical.example.com", description: "临床项目与入组进度 / Studies and enrolment", pcOrH5Status: 2, icon: true },
  { keyword: "field-service", appName: "售后维修 Field Service", appUrl: "https://service.example.com", description: "设备安装与维修工单 / Installation and repair orders", pcOrH5Status: 0, icon: true },
  { keyword: "mail", appName: "企业邮箱 Mail", appUrl: "https://mail.example.com", description: "公司邮箱 / Company mail", pcOrH5Status: 0, icon: false },
  { keyword: "directory", appName: "通讯录 Directory", appUrl: "https://directory.example.com", description: "员工通讯录 / Staff directory", pcOrH5Status: 0, icon: false },
  { keyword: "legacy-oa", appName: "旧版 OA Legacy OA", appUrl: "https://oa.example.com", description: "已下线，请使用新版审批 / Retired, use the new approvals", pcOrH5Status: 2, status: 0, icon: true },
];

/** The data sources (bsc_chart); each report is public/demo-reports/<key>.html. */
const CHARTS: { key: string; dataName: string; pcOrH5Status: 0 | 1 | 2 }[] = [
  { key: "monthly-sales", dataName: "月度销售额 Monthly Sales", pcOrH5Status: 2 },
  { key: "order-trend", dataName: "订单趋势 Order Trend", pcOrH5Status: 0 },
  { key: "inventory-turnover", dataName: "库存周转 Inventory Turnover", pcOrH5Status: 2 },
  { key: "complaints", dataName: "客户投诉 Customer Complaints", pcOrH5Status: 0 },
  { key: "adverse-events", dataName: "不良事件 Adverse Events", pcOrH5Status: 2 },
  { key: "on-time-delivery", dataName: "准时交付率 On-time Delivery", pcOrH5Status: 2 },
  { key: "training-completion", dataName: "培训完成率 Training Completion", pcOrH5Status: 0 },
  { key: "service-tickets", dataName: "维修工单 Service Tickets", pcOrH5Status: 2 },
  { key: "registrations-expiring", dataName: "注册证到期 Registrations Expiring", pcOrH5Status: 2 },
  { key: "department-expenses", dataName: "部门费用 Department Expenses", pcOrH5Status: 0 },
  { key: "headcount", dataName: "人员编制 Headcount", pcOrH5Status: 2 },
  { key: "clinical-enrolment", dataName: "临床入组 Clinical Enrolment", pcOrH5Status: 2 },
];

const chartRow = (c: (typeof CHARTS)[number]): ChartRow => ({
  dataName: c.dataName,
  dataUrl: `/demo-reports/${c.key}.html`,
  originalUrl: `https://bi.example.com/reports/${c.key}`,
  pcOrH5Status: c.pcOrH5Status,
  compatibility: "Chrome 90+, Edge 90+, Firefox 90+",
});

/** The catalogue and data sources, once per database (part of seedDemo). */
export async function seedDemoCatalogue(db: Db) {
  await db.insert(bscApps).values(
    CATALOGUE.map(({ icon, ...a }) => ({ ...a, appIconUrl: icon ? `/app-icons/${a.keyword}.svg` : null })),
  );
  await db.insert(bscCharts).values(CHARTS.map(chartRow));
}

// ------------------------------------------------------------------------------ profiles

/** Who the generated workspace is for: the three demo accounts, or a user created by single sign-on. */
export type DemoProfile = "zhangwei" | "lina" | "admin" | "newUser";

/** An app added by hand (diyStatus 1, no catalogue app). */
type DiyApp = { appName: string; appUrl: string; appIconUrl: string | null };

interface ProfileSpec {
  /** Catalogue keywords, in list order; favourites are starred. */
  apps: string[];
  favourites: string[];
  diy: DiyApp[];
  /** Data-source keys, in carousel order. */
  charts: string[];
  calendar: { seed: number; maxPerDay: number; seedDay: "busy" | "free" | "welcome" | "random" };
  /** Received, unhandled approvals (the widget's table). */
  pending: number;
  /** Indexes into OTHER_TASKS. */
  others: number[];
}

const PROFILES: Record<DemoProfile, ProfileSpec> = {
  zhangwei: {
    // 16 catalogue apps + 2 by hand = 18; "mail" (no icon) is a favourite, so the widget shows it.
    apps: ["expenses", "quality", "mail", "adverse-events", "travel", "leave", "crm", "registrations", "upn", "purchasing", "contracts", "clinical", "learning", "rooms", "helpdesk", "inventory"],
    favourites: ["expenses", "quality", "mail", "adverse-events"],
    diy: [
      { appName: "心内科周报 Cardiology Weekly", appUrl: "https://wiki.example.com/cardiology/weekly", appIconUrl: null },
      { appName: "学术会议日历 Congress Calendar", appUrl: "https://events.example.com/congresses", appIconUrl: "/app-icons/rooms.svg" },
    ],
    charts: ["monthly-sales", "order-trend", "complaints"],
    calendar: { seed: 20260101, maxPerDay: 3, seedDay: "busy" },
    pending: 23,
    others: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  },
  lina: {
    apps: ["quality", "adverse-events", "learning"],
    favourites: ["quality"],
    diy: [],
    charts: ["adverse-events"],
    calendar: { seed: 20260202, maxPerDay: 2, seedDay: "free" },
    pending: 0,
    others: [0, 3, 7, 8, 9, 12],
  },
  admin: {
    apps: ["helpdesk", "hr", "contracts", "purchasing", "directory", "inventory"],
    favourites: ["helpdesk"],
    diy: [],
    charts: ["headcount", "department-expenses", "monthly-sales", "order-trend", "inventory-turnover", "complaints", "on-time-delivery", "training-completion", "service-tickets", "registrations-expiring", "clinical-enrolment"],
    calendar: { seed: 20260303, maxPerDay: 3, seedDay: "random" },
    pending: 120,
    others: [0, 1, 7, 9],
  },
  newUser: {
    apps: ["expenses", "travel", "leave", "hr", "helpdesk", "learning", "rooms", "mail", "directory", "crm"],
    favourites: ["expenses", "hr"],
    diy: [],
    charts: ["monthly-sales", "training-completion", "headcount"],
    calendar: { seed: 20260404, maxPerDay: 2, seedDay: "welcome" },
    pending: 12,
    others: [7, 8],
  },
};

// --------------------------------------------------------------------------- random and dates

/** A small deterministic generator, [0, 1). */
const random = mulberry32;

/** Fisher-Yates with the given generator. */
function shuffled<T>(list: T[], rnd: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A local time on the day `offset` days from `now`. */
const localAt = (now: Date, offset: number, h: number, m = 0) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, h, m);

// ---------------------------------------------------------------------------------- calendar

const TOPICS = [
  "产品质量周会 Quality weekly", "华东区销售例会 East China sales review", "新品上市讨论 Product launch", "CAPA 评审 CAPA review",
  "经销商季度沟通 Distributor QBR", "临床项目进展 Clinical study update", "注册资料评审 Regulatory dossier review", "预算复盘 Budget review",
  "一对一沟通 One-on-one", "培训：医疗器械法规 Training: device regulations", "客户拜访准备 Customer visit prep", "供应商审核 Supplier audit",
];
const ROOMS = ["上海 3F 黄浦厅 Shanghai 3F Huangpu", "上海 5F 外滩厅 Shanghai 5F Bund", "北京 2F 长城厅 Beijing 2F Great Wall", "广州 8F 珠江厅 Guangzhou 8F Pearl River", "线上会议 Online"];
const ORGANIZERS = ["王芳 Wang Fang", "刘洋 Liu Yang", "陈静 Chen Jing", "杨磊 Yang Lei", "赵敏 Zhao Min", "黄涛 Huang Tao"];
/** Start hour and minute of the day's slots, and the meeting length in minutes. */
const SLOTS: [number, number, number][] = [[9, 0, 60], [10, 30, 45], [13, 30, 90], [15, 0, 60], [16, 30, 30]];

type CalendarInsert = typeof personalCalendars.$inferInsert;

function calendarRows(userId: number, spec: ProfileSpec["calendar"], now: Date): CalendarInsert[] {
  const rnd = random(spec.seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const meetUrl = () => `https://meet.example.com/j/${100000000 + Math.floor(rnd() * 900000000)}`;
  const entry = (name: string, start: Date, end: Date, meeting: string | null = pick(ROOMS)): CalendarInsert => ({
    userId, calendarName: name, calendarStartTime: start, calendarEndTime: end, calendarMeeting: meeting, calendarOrganizer: pick(ORGANIZERS), calendarUrl: meetUrl(),
  });
  const rows: CalendarInsert[] = [];
  for (let offset = -56; offset <= 56; offset++) {
    const day = localAt(now, offset, 0);
    const weekday = day.getDay() !== 0 && day.getDay() !== 6;
    if (offset === 0 && spec.seedDay !== "random") {
      if (spec.seedDay === "busy") {
        // Always, whatever the weekday: a morning meeting, an afternoon one, and a call that runs past midnight.
        rows.push(entry("产品质量周会 Quality weekly", localAt(now, 0, 9, 30), localAt(now, 0, 10, 30), ROOMS[0]));
        rows.push(entry("新品上市讨论 Product launch", localAt(now, 0, 14, 0), localAt(now, 0, 15, 30), ROOMS[1]));
        rows.push(entry("美国团队电话会 US team call", localAt(now, 0, 23, 0), localAt(now, 1, 0, 30), "线上会议 Online"));
      } else if (spec.seedDay === "welcome") {
        rows.push(entry("新员工入职介绍 New joiner welcome", localAt(now, 0, 10, 0), localAt(now, 0, 11, 0), ROOMS[0]));
      }
      continue;
    }
    if (!weekday) continue;
    const n = Math.floor(rnd() * (spec.maxPerDay + 1));
    const slots = shuffled(SLOTS, rnd).slice(0, n).sort((a, b) => a[0] * 60 + a[1] - (b[0] * 60 + b[1]));
    for (const [h, m, len] of slots) {
      const start = localAt(now, offset, h, m);
      rows.push(entry(pick(TOPICS), start, new Date(start.getTime() + len * 60_000), rnd() < 0.15 ? null : pick(ROOMS)));
    }
  }
  return rows;
}

// ------------------------------------------------------------------------------------- tasks

const KINDS = [
  { code: "EXP", type: "报销 Expense", name: "费用报销 Expense claim" },
  { code: "PUR", type: "采购 Purchase", name: "采购申请 Purchase request" },
  { code: "CON", type: "合同 Contract", name: "合同审批 Contract approval" },
  { code: "LEA", type: "休假 Leave", name: "请假申请 Leave request" },
  { code: "TRV", type: "差旅 Travel", name: "差旅申请 Travel request" },
  { code: "CAPA", type: "质量 Quality", name: "纠正预防措施 CAPA" },
  { code: "CHG", type: "质量 Quality", name: "变更控制 Change control" },
  { code: "REG", type: "注册 Regulatory", name: "注册变更 Registration change" },
  { code: "SMP", type: "市场 Marketing", name: "样品申请 Sample request" },
];
const SUBJECTS = [
  "华东区学术会议费用 East China congress costs",
  "导管实验室耗材补货 Cath lab consumables restock",
  "瑞金医院设备维保合同 Ruijin Hospital service contract",
  "年度折扣 15% 调整 15% annual discount change",
  "批号 LOT_2026-031 放行 Release of LOT_2026-031",
  "支架产品说明书更新 Stent IFU update",
  "北京经销商授权续签 Beijing distributor renewal",
  "超声探头样品 Ultrasound probe samples",
  "广州客户拜访差旅 Guangzhou customer visit trip",
  "质量体系内审整改 QMS internal audit actions",
  "临床试验中心付款 Clinical site payment",
  "年假 3 天 Three days of annual leave",
  "冷链运输供应商变更 Cold-chain carrier change",
  "注册检验费用 Registration testing fees",
  "培训讲师劳务费 Trainer fees",
  "展会展台搭建 Trade-show booth build",
];
const PEOPLE = ["王芳", "刘洋", "陈静", "杨磊", "赵敏", "黄涛", "周杰", "吴霞"];

type TaskInsert = typeof personalTasks.$inferInsert;

/**
 * Tasks other than pending approvals, so that every processStatus (0-7), approvalStatus and
 * formStatus value appears: [receiveOrSponsor, handled, complete, taskStatus, formStatus,
 * processStatus, approvalStatus, age in days]. Ages over 183 days fall outside the centre's default range.
 */
const OTHER_TASKS: [0 | 1, 0 | 1, 0 | 1, 0 | 1, 0 | 1 | 2 | 3 | 4 | null, 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7, 1 | 2 | 4 | 8 | 16 | 32 | null, number][] = [
  [0, 1, 1, 1, 4, 4, 32, 5], //   0 received, approved by me, passed, done
  [0, 1, 1, 1, 3, 0, 8, 12], //   1 received, rejected (8), returned
  [0, 1, 1, 1, 3, 7, 16, 33], //  2 received, rejected (16), closed on error
  [0, 1, 0, 1, 1, 3, 4, 2], //    3 received, approved by me, now with the next approver
  [0, 1, 1, 1, 4, 5, 32, 95], //  4 received, closed after time-out
  [0, 1, 1, 0, null, 4, null, 20], //   5 received non-approval task, done
  [0, 1, 1, 0, null, 4, null, 210], //  6 the same, older than six months
  [1, 1, 0, 1, 1, 1, 2, 1], //    7 started by me, submitted, to assign
  [1, 0, 0, 1, 0, 6, 1, 0.5], //  8 started by me, saved draft (not yet submitted: unhandled)
  [1, 1, 1, 1, 4, 4, 32, 45], //  9 started by me, passed
  [1, 1, 1, 1, 3, 0, 8, 60], //  10 started by me, rejected, returned
  [1, 1, 0, 1, 2, 3, 4, 8], //   11 started by me, in discussion
  [1, 1, 1, 0, null, 4, null, 250], // 12 started by me, non-approval, older than six months
  [0, 1, 1, 1, 4, 4, 32, 300], // 13 received, passed, older than six months
];

function taskRows(user: { id: number; realName: string }, spec: ProfileSpec, now: Date): TaskInsert[] {
  const rows: TaskInsert[] = [];
  const url = (code: string, n: number) => `https://bpm.example.com/form/${code.toLowerCase()}/${user.id}-${n}`;
  const other = (i: number) => PEOPLE[(i + user.id) % PEOPLE.length];
  for (let i = 0; i < spec.pending; i++) {
    const kind = KINDS[i % KINDS.length];
    const subject = SUBJECTS[i % SUBJECTS.length];
    // Distinct times, newest first: every 26 hours and 7 minutes back (120 tasks fit in ~4.5 months).
    const requested = new Date(now.getTime() - (i * 26 + 3) * HOUR - i * 7 * 60_000);
    const noSponsor = i % 6 === 4 || i % 9 === 7;
    const noStart = i % 6 === 5 || i % 9 === 7;
    const sponsor = noSponsor ? null : other(i);
    rows.push({
      userId: user.id, receiveOrSponsor: 0, handledStatus: 0, completeStatus: 0, taskStatus: 1,
      formStatus: i % 3 === 2 ? 2 : 1,
      taskName: kind.name, title: subject, type: kind.type, taskUrl: url(kind.code, i),
      taskStartTime: noStart ? null : requested,
      taskSponsor: sponsor, requestor: sponsor,
      taskApprovedPerson: i % 4 === 3 ? other(i + 3) : null,
      taskCurrentApproved: user.realName, pendingOn: user.realName,
      approvedBy: i % 4 === 3 ? other(i + 3) : null,
      requestDate: requested,
      reminderDate: i % 5 === 0 ? new Date(requested.getTime() + 3 * DAY) : null,
      startDate: requested, endDate: new Date(requested.getTime() + 7 * DAY),
      processStatus: ([2, 2, 1, 3] as const)[i % 4], approvalStatus: i % 2 === 0 ? (2 as const) : (4 as const),
    });
  }
  for (const k of spec.others) {
    const [ros, handled, complete, taskStatus, formStatus, processStatus, approvalStatus, age] = OTHER_TASKS[k];
    const kind = taskStatus === 0 ? { code: "TSK", type: "任务 Task", name: "培训任务 Training assignment" } : KINDS[(k + 2) % KINDS.length];
    const subject = SUBJECTS[(k * 5 + 3) % SUBJECTS.length];
    const requested = new Date(now.getTime() - age * DAY - k * 11 * 60_000);
    const done = complete ? new Date(requested.getTime() + 2 * DAY + 3 * HOUR) : null;
    const mine = ros === 1;
    const sponsor = mine ? user.realName : other(k);
    rows.push({
      userId: user.id, receiveOrSponsor: ros, handledStatus: handled, completeStatus: complete, taskStatus, formStatus,
      taskName: kind.name, title: subject, type: kind.type, taskUrl: url(kind.code, 1000 + k),
      taskStartTime: requested, taskSponsor: sponsor, requestor: sponsor,
      taskApprovedPerson: mine ? (processStatus === 6 ? null : other(k + 1)) : user.realName,
      approvedBy: mine ? (processStatus === 6 ? null : other(k + 1)) : user.realName,
      taskCompleteTime: done, completionDate: done,
      taskCurrentApproved: complete || processStatus === 6 ? null : other(k + 2),
      pendingOn: complete || processStatus === 6 ? null : other(k + 2),
      requestDate: requested, reminderDate: null,
      startDate: requested, endDate: done ?? new Date(requested.getTime() + 10 * DAY),
      processStatus, approvalStatus,
    });
  }
  return rows;
}

// ------------------------------------------------------------------------------ whole workspace

export interface DemoWorkspaceRows {
  apps: (typeof personalApps.$inferInsert)[];
  charts: (typeof personalCharts.$inferInsert)[];
  calendar: CalendarInsert[];
  tasks: TaskInsert[];
}

type Catalogue = { apps: (typeof bscApps.$inferSelect)[]; charts: (typeof bscCharts.$inferSelect)[] };

/** The on-shelf catalogue apps and data sources a generated workspace picks from. */
async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [apps, charts] = await Promise.all([
    db.select().from(bscApps).where(eq(bscApps.status, 1)),
    db.select().from(bscCharts).where(eq(bscCharts.status, 1)),
  ]);
  return { apps, charts };
}

/**
 * The rows of one user's demo workspace (pure: no database). Catalogue apps or data sources the
 * profile names but the catalogue lacks (renamed or off shelf) are skipped.
 */
export function demoWorkspaceRows(user: { id: number; realName: string }, profile: DemoProfile, now: Date, catalogue: Catalogue): DemoWorkspaceRows {
  const spec = PROFILES[profile];
  const byKeyword = new Map(catalogue.apps.map((a) => [a.keyword, a]));
  const picked = spec.apps.map((k) => byKeyword.get(k)).filter((a) => a !== undefined);
  const apps: DemoWorkspaceRows["apps"] = [
    ...picked.map((a, i) => ({
      userId: user.id, appId: a.id, appName: a.appName, appIconUrl: a.appIconUrl, appUrl: a.appUrl,
      appSort: (i + 1) * 10, favoriteStatus: spec.favourites.includes(a.keyword ?? "") ? (1 as const) : (0 as const), diyStatus: 0 as const, pcOrH5Status: a.pcOrH5Status,
    })),
    ...spec.diy.map((d, i) => ({ userId: user.id, appId: null, ...d, appSort: (picked.length + i + 1) * 10, favoriteStatus: 0 as const, diyStatus: 1 as const, pcOrH5Status: 2 as const })),
  ];
  const chartByUrl = new Map(catalogue.charts.map((c) => [c.dataUrl, c]));
  const charts = spec.charts
    .map((k) => chartByUrl.get(`/demo-reports/${k}.html`))
    .filter((c) => c !== undefined)
    .map((c, i) => ({
      userId: user.id, chartId: c.id, dataName: c.dataName, dataUrl: c.dataUrl, originalUrl: c.originalUrl,
      // The data card asks for 2 (PC): every demo report shows there (0 is both devices).
      pcOrH5Status: c.pcOrH5Status === 1 ? 0 : c.pcOrH5Status, dataSort: (i + 1) * 10,
    }));
  return { apps, charts, calendar: calendarRows(user.id, spec.calendar, now), tasks: taskRows(user, spec, now) };
}

/**
 * One INSERT of many rows with a single JSON parameter (json_populate_recordset): building a
 * statement of thousands of bound values costs Drizzle far more than PostgreSQL takes to run it.
 * Only the columns the rows name are written; the others take their defaults.
 */
async function insertMany<T extends Table>(db: Db, table: T, rows: T["$inferInsert"][]) {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((r) => key in r));
  const names = sql.join(columns.map(([, c]) => sql.identifier(c.name)), sql`, `);
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(columns.map(([key, c]) => [c.name, (r as Record<string, unknown>)[key] ?? null]))));
  const name = sql.identifier(getTableName(table));
  await db.execute(sql`INSERT INTO ${name} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${name}, ${json}::json)`);
}

/** Writes the workspaces of several users: one insert per table. */
export async function insertDemoWorkspaces(db: Db, list: DemoWorkspaceRows[]) {
  await insertMany(db, personalApps, list.flatMap((w) => w.apps));
  await insertMany(db, personalCharts, list.flatMap((w) => w.charts));
  await insertMany(db, personalCalendars, list.flatMap((w) => w.calendar));
  // Seeded tasks are history, not news: no notification of them (issue 23; the triggers of
  // migration 0015 skip a statement while portal.quiet is on; callers run this in a transaction).
  await db.execute(sql`SELECT set_config('portal.quiet', 'on', true)`);
  await insertMany(db, personalTasks, list.flatMap((w) => w.tasks));
  await db.execute(sql`SELECT set_config('portal.quiet', '', true)`);
}

/**
 * One user's demo workspace (apps, reports, calendar, tasks) from the catalogue in the database,
 * relative to `now`. Used by the demo seed and, in demo mode, for a user single sign-on creates.
 */
export async function seedDemoWorkspace(db: Db, user: { id: number; realName: string }, profile: DemoProfile, now: Date) {
  await insertDemoWorkspaces(db, [demoWorkspaceRows(user, profile, now, await loadCatalogue(db))]);
}

/** For the demo seed: the catalogue just written and the demo accounts' workspaces. */
export async function seedDemoWorkspaces(db: Db, accounts: { id: number; realName: string; profile: DemoProfile }[], now: Date) {
  await seedDemoCatalogue(db);
  const catalogue = await loadCatalogue(db);
  await insertDemoWorkspaces(db, accounts.map((a) => demoWorkspaceRows(a, a.profile, now, catalogue)));
}
