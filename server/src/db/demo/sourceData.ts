import { getTableColumns, getTableName, sql, type Table } from "drizzle-orm";
import type { Db } from "../client.ts";
import { employees, nmpaCertificates, upns } from "../schema.ts";
import { DEMO_DEPTS, type CentresSeedContext, type DemoDeptKey } from "./vocabulary.ts";
import { mulberry32 } from "../../lib/random.ts";

// Source data for the global search (spec 3 "Search result kinds"): the staff directory, UPN
// records and NMPA registration certificates. In a real deployment these come from the master-data
// systems; the demo generates them deterministically (a fixed-seed generator, no Math.random), so
// every database gets the same rows. Names and companies are invented; the codes follow the real
// formats (GTIN-14 with its check digit, NMPA 国械注准/国械注进/省械注准 + year + class + code + serial).

export const DEMO_EMPLOYEE_COUNT = 3000;
export const DEMO_UPN_COUNT = 2000;
export const DEMO_NMPA_COUNT = 1000;
/** Rows per INSERT statement. */
const CHUNK = 500;

/** A small deterministic generator (mulberry32) with helpers. */
function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)];
  /** Picks by weight: list of [value, weight]. */
  const weighted = <T>(list: readonly (readonly [T, number])[]) => {
    let r = next() * list.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of list) if ((r -= w) < 0) return v;
    return list[list.length - 1][0];
  };
  return { next, int, pick, weighted };
}

/**
 * Inserts rows CHUNK at a time, each chunk one multi-row INSERT fed by a single JSON parameter
 * (json_populate_recordset): Drizzle builds a statement of thousands of bound values far slower
 * than PostgreSQL runs it (the same approach as the workspace seed).
 */
async function insertChunks<T extends Table>(db: Db, table: T, rows: T["$inferInsert"][]) {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((r) => key in r));
  const names = sql.join(columns.map(([, c]) => sql.identifier(c.name)), sql`, `);
  const name = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => Object.fromEntries(columns.map(([key, c]) => [c.name, (r as Record<string, unknown>)[key] ?? null])));
    await db.execute(sql`INSERT INTO ${name} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${name}, ${JSON.stringify(chunk)}::json)`);
  }
}

// ----------------------------------------------------------------------------------- employees

/** Common surnames with their pinyin, weighted roughly by frequency. */
export const SURNAMES: [string, string, number][] = [
  ["王", "Wang", 10], ["李", "Li", 10], ["张", "Zhang", 9], ["刘", "Liu", 7], ["陈", "Chen", 6], ["杨", "Yang", 4],
  ["黄", "Huang", 3], ["赵", "Zhao", 3], ["吴", "Wu", 3], ["周", "Zhou", 3], ["徐", "Xu", 2], ["孙", "Sun", 2],
  ["马", "Ma", 2], ["朱", "Zhu", 2], ["胡", "Hu", 2], ["郭", "Guo", 2], ["何", "He", 2], ["林", "Lin", 2],
  ["高", "Gao", 2], ["罗", "Luo", 2], ["郑", "Zheng", 1], ["梁", "Liang", 1], ["谢", "Xie", 1], ["宋", "Song", 1],
  ["唐", "Tang", 1], ["许", "Xu", 1], ["韩", "Han", 1], ["冯", "Feng", 1], ["邓", "Deng", 1], ["曹", "Cao", 1],
  ["彭", "Peng", 1], ["曾", "Zeng", 1], ["肖", "Xiao", 1], ["田", "Tian", 1], ["董", "Dong", 1], ["袁", "Yuan", 1],
  ["潘", "Pan", 1], ["于", "Yu", 1], ["蒋", "Jiang", 1], ["蔡", "Cai", 1], ["杜", "Du", 1], ["叶", "Ye", 1],
  ["程", "Cheng", 1], ["苏", "Su", 1], ["魏", "Wei", 1], ["吕", "Lyu", 1], ["丁", "Ding", 1], ["任", "Ren", 1],
  ["沈", "Shen", 1], ["姚", "Yao", 1], ["卢", "Lu", 1], ["崔", "Cui", 1], ["钟", "Zhong", 1], ["谭", "Tan", 1],
  ["陆", "Lu", 1], ["范", "Fan", 1], ["金", "Jin", 1], ["石", "Shi", 1], ["廖", "Liao", 1], ["贾", "Jia", 1],
  ["夏", "Xia", 1], ["方", "Fang", 1], ["白", "Bai", 1], ["邹", "Zou", 1], ["孟", "Meng", 1], ["熊", "Xiong", 1],
  ["秦", "Qin", 1], ["邱", "Qiu", 1], ["江", "Jiang", 1], ["薛", "Xue", 1], ["顾", "Gu", 1], ["欧阳", "Ouyang", 1],
];

/** Given-name characters with their pinyin. */
export const GIVEN: [string, string][] = [
  ["伟", "wei"], ["芳", "fang"], ["娜", "na"], ["敏", "min"], ["静", "jing"], ["丽", "li"], ["强", "qiang"], ["磊", "lei"],
  ["军", "jun"], ["洋", "yang"], ["勇", "yong"], ["艳", "yan"], ["杰", "jie"], ["娟", "juan"], ["涛", "tao"], ["明", "ming"],
  ["超", "chao"], ["秀", "xiu"], ["霞", "xia"], ["平", "ping"], ["刚", "gang"], ["英", "ying"], ["华", "hua"], ["文", "wen"],
  ["建", "jian"], ["玲", "ling"], ["红", "hong"], ["斌", "bin"], ["婷", "ting"], ["宇", "yu"], ["浩", "hao"], ["凯", "kai"],
  ["鹏", "peng"], ["辉", "hui"], ["俊", "jun"], ["帆", "fan"], ["欣", "xin"], ["雪", "xue"], ["琳", "lin"], ["晨", "chen"],
  ["颖", "ying"], ["倩", "qian"], ["佳", "jia"], ["子", "zi"], ["思", "si"], ["雨", "yu"], ["涵", "han"], ["博", "bo"],
  ["轩", "xuan"], ["然", "ran"], ["晓", "xiao"], ["志", "zhi"], ["海", "hai"], ["东", "dong"], ["春", "chun"], ["燕", "yan"],
  ["丹", "dan"], ["亮", "liang"], ["峰", "feng"], ["蕾", "lei"], ["璐", "lu"], ["瑶", "yao"], ["慧", "hui"], ["萍", "ping"],
  ["飞", "fei"], ["鑫", "xin"], ["宁", "ning"], ["梦", "meng"], ["悦", "yue"], ["成", "cheng"], ["立", "li"], ["琪", "qi"],
];

/** Cities (cn and en) with weights; head-office functions sit mostly in Shanghai. */
const CITIES: [string, number][] = [
  ["上海 Shanghai", 6], ["北京 Beijing", 4], ["广州 Guangzhou", 3], ["深圳 Shenzhen", 2], ["成都 Chengdu", 2],
  ["武汉 Wuhan", 2], ["杭州 Hangzhou", 2], ["南京 Nanjing", 2], ["西安 Xi'an", 1], ["沈阳 Shenyang", 1],
  ["重庆 Chongqing", 1], ["天津 Tianjin", 1], ["济南 Jinan", 1], ["长沙 Changsha", 1], ["郑州 Zhengzhou", 1],
];

/** Per department: its share of staff, head's title, managers' title, staff titles, whether staff sit across the country. */
const DEPT_ROLES: Record<DemoDeptKey, { weight: number; head: string; manager: string; staff: string[]; field: boolean }> = {
  hq: { weight: 2, head: "总经理 General Manager", manager: "总经理助理 Assistant to the General Manager", staff: ["行政专员 Administration Specialist", "前台接待 Receptionist"], field: false },
  quality: { weight: 8, head: "质量总监 Quality Director", manager: "质量经理 Quality Manager", staff: ["质量工程师 Quality Engineer", "高级质量工程师 Senior Quality Engineer", "QA 专员 QA Specialist", "投诉处理专员 Complaint Handling Specialist"], field: false },
  regulatory: { weight: 5, head: "法规事务总监 Regulatory Affairs Director", manager: "法规事务经理 Regulatory Affairs Manager", staff: ["注册专员 Regulatory Affairs Specialist", "高级注册专员 Senior Regulatory Affairs Specialist", "法规情报专员 Regulatory Intelligence Specialist"], field: false },
  sales: { weight: 30, head: "销售副总裁 VP Sales", manager: "大区经理 Regional Sales Manager", staff: ["销售代表 Sales Representative", "高级销售代表 Senior Sales Representative", "销售运营专员 Sales Operations Specialist", "渠道经理 Channel Manager"], field: true },
  cardiology: { weight: 25, head: "心血管事业部总经理 General Manager Cardiology", manager: "地区经理 Area Manager", staff: ["产品专员 Product Specialist", "临床专家 Clinical Specialist", "销售代表 Sales Representative", "市场专员 Marketing Specialist"], field: true },
  hr: { weight: 4, head: "人力资源总监 HR Director", manager: "人力资源经理 HR Manager", staff: ["HR 业务伙伴 HR Business Partner", "招聘专员 Recruiter", "薪酬福利专员 Compensation and Benefits Specialist", "培训专员 Training Specialist"], field: false },
  it: { weight: 5, head: "首席信息官 CIO", manager: "IT 经理 IT Manager", staff: ["系统工程师 Systems Engineer", "软件工程师 Software Engineer", "IT 支持专员 IT Support Specialist", "数据分析师 Data Analyst"], field: false },
  rd: { weight: 13, head: "研发总监 R&D Director", manager: "项目经理 Project Manager", staff: ["研发工程师 R&D Engineer", "高级研发工程师 Senior R&D Engineer", "测试工程师 Test Engineer", "工艺工程师 Process Engineer"], field: false },
  finance: { weight: 8, head: "首席财务官 CFO", manager: "财务经理 Finance Manager", staff: ["会计 Accountant", "财务分析师 Financial Analyst", "应收专员 Accounts Receivable Specialist", "税务专员 Tax Specialist"], field: false },
};

/** Staff per manager. */
const TEAM_SIZE = 15;

type EmployeeInsert = typeof employees.$inferInsert;

interface Person {
  cn: string;
  en: string;
  email: string;
  dept: DemoDeptKey;
  city: string;
  fixedTitle?: string;
}

/**
 * The staff directory: DEMO_EMPLOYEE_COUNT people, E100001 upwards. The demo accounts 张伟
 * (E100001, Cardiology) and 李娜 (E100002, Quality) come first with their accounts' e-mails.
 * English names are pinyin, surname first ("张伟" is "Zhang Wei", "欧阳晓晨" is "Ouyang Xiaochen");
 * e-mails are surname.given@example.com, numbered from the second holder of a name (zhang.wei2@...).
 * Each department has a head (reporting to the general manager), one manager per TEAM_SIZE staff
 * (reporting to the head) and staff (reporting to a manager); supervisors are "中文名 English Name".
 */
export function demoEmployees(count = DEMO_EMPLOYEE_COUNT): EmployeeInsert[] {
  const g = generator(20260101);
  const used = new Map<string, number>();
  const emailOf = (local: string) => {
    const n = (used.get(local) ?? 0) + 1;
    used.set(local, n);
    return `${local}${n === 1 ? "" : n}@example.com`;
  };
  const people: Person[] = [
    { cn: "张伟", en: "Zhang Wei", email: emailOf("zhang.wei"), dept: "cardiology", city: "上海 Shanghai", fixedTitle: "产品专员 Product Specialist" },
    { cn: "李娜", en: "Li Na", email: emailOf("li.na"), dept: "quality", city: "上海 Shanghai", fixedTitle: "高级质量工程师 Senior Quality Engineer" },
  ];
  const deptWeights = DEMO_DEPTS.map((d) => [d.key, DEPT_ROLES[d.key].weight] as const);
  while (people.length < count) {
    const [sCn, sEn] = g.weighted(SURNAMES.map((s) => [[s[0], s[1]] as const, s[2]] as const));
    const parts = g.next() < 0.45 ? [g.pick(GIVEN)] : [g.pick(GIVEN), g.pick(GIVEN)];
    const given = parts.map((p) => p[1]).join("");
    const dept = g.weighted(deptWeights);
    const city = DEPT_ROLES[dept].field ? g.weighted(CITIES) : g.next() < 0.85 ? "上海 Shanghai" : g.pick(["北京 Beijing", "苏州 Suzhou"]);
    people.push({
      cn: sCn + parts.map((p) => p[0]).join(""),
      en: `${sEn} ${given[0].toUpperCase()}${given.slice(1)}`,
      email: emailOf(`${sEn.toLowerCase()}.${given}`),
      dept,
      city,
    });
  }

  const label = (p: Person) => `${p.cn} ${p.en}`;
  const title = new Map<Person, string>();
  const supervisor = new Map<Person, string | null>();
  const byDept = new Map<DemoDeptKey, Person[]>();
  for (const p of people) byDept.set(p.dept, [...(byDept.get(p.dept) ?? []), p]);
  // the general manager heads the head office (any first generated person in a tiny directory)
  const gm = byDept.get("hq")?.find((p) => !p.fixedTitle) ?? people.find((p) => !p.fixedTitle);
  for (const [dept, members] of byDept) {
    const roles = DEPT_ROLES[dept];
    const free = members.filter((p) => !p.fixedTitle);
    const head = free[0];
    if (!head) continue; // only demo accounts here (a tiny directory): no one to report to
    const managers = free.slice(1, 1 + Math.max(1, Math.ceil(members.length / TEAM_SIZE) - 1));
    title.set(head, roles.head);
    supervisor.set(head, head === gm || !gm ? null : label(gm));
    for (const m of managers) {
      title.set(m, roles.manager);
      supervisor.set(m, label(head));
    }
    const bosses = managers.length ? managers : [head];
    members
      .filter((p) => p !== head && !managers.includes(p))
      .forEach((p, i) => {
        title.set(p, p.fixedTitle ?? roles.staff[g.int(roles.staff.length)]);
        supervisor.set(p, label(bosses[i % bosses.length]));
      });
  }
  const deptName = Object.fromEntries(DEMO_DEPTS.map((d) => [d.key, d.deptName])) as Record<DemoDeptKey, string>;
  return people.map((p, i) => ({
    employeeNo: `E${100001 + i}`,
    chineseName: p.cn,
    englishName: p.en,
    title: title.get(p) ?? p.fixedTitle ?? null,
    email: p.email,
    department: deptName[p.dept],
    supervisor: supervisor.get(p) ?? null,
    city: p.city,
  }));
}

// ---------------------------------------------------------------------------------------- UPNs

type Family = { cn: string; en: string; a: string[]; b: string[]; join?: string; c?: string[] };
/** Pack sizes of disposables (the third axis of most families). */
const PACKS = ["1支/盒 1/box", "5支/盒 5/box", "10支/盒 10/box"];
/** Configurations of implants and capital equipment. */
const CONFIGS = ["标准型 Standard", "含附件包 With accessory kit"];
const mm = (xs: number[]) => xs.map((x) => `${x}mm`);

/** Product families of a cardiovascular, endoscopy and urology device maker; a and b are the size axes. */
const FAMILIES: Family[] = [
  { cn: "冠状动脉球囊扩张导管", en: "Coronary Balloon Dilatation Catheter", a: mm([1.5, 2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0]), b: mm([8, 12, 15, 20, 25, 30]), join: " x " },
  { cn: "非顺应性冠状动脉球囊扩张导管", en: "Non-compliant Coronary Balloon Catheter", a: mm([2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0, 4.5, 5.0]), b: mm([8, 12, 15, 20]), join: " x " },
  { cn: "药物洗脱冠状动脉支架系统", en: "Drug-Eluting Coronary Stent System", a: mm([2.25, 2.5, 2.75, 3.0, 3.5, 4.0, 4.5]), b: mm([8, 12, 16, 20, 24, 28, 32, 38]), join: " x " },
  { cn: "导引导管", en: "Guiding Catheter", a: ["6F", "7F", "8F"], b: ["JL3.5", "JL4.0", "JL4.5", "JR3.5", "JR4.0", "EBU3.5", "EBU3.75", "EBU4.0", "AL1", "AL2", "AR1", "MP1"], join: " " },
  { cn: "PTCA 导丝", en: "PTCA Guidewire", a: ["0.014in", "0.018in"], b: ["180cm", "190cm", "300cm", "Floppy 190cm", "Extra Support 190cm", "Hydrophilic 190cm", "Hydrophilic 300cm"], join: " x " },
  { cn: "血管鞘组", en: "Introducer Sheath Set", a: ["4F", "5F", "6F", "7F", "8F", "9F", "10F"], b: ["7cm", "11cm", "23cm", "Radial 10cm", "Radial 16cm"], join: " " },
  { cn: "造影导管", en: "Angiographic Catheter", a: ["4F", "5F", "6F"], b: ["Pigtail 110cm", "JL4 100cm", "JR4 100cm", "Tiger 100cm", "Multipurpose 100cm", "Simmons 100cm", "Cobra 65cm", "Vertebral 100cm"], join: " " },
  { cn: "外周球囊扩张导管", en: "Peripheral Balloon Dilatation Catheter", a: mm([3, 4, 5, 6, 7, 8, 9, 10, 12]), b: ["20mm", "40mm", "60mm", "80mm", "100mm", "150mm", "200mm"], join: " x " },
  { cn: "外周自膨式支架系统", en: "Peripheral Self-Expanding Stent System", a: mm([5, 6, 7, 8, 9, 10]), b: ["20mm", "40mm", "60mm", "80mm", "100mm", "120mm", "150mm"], join: " x " },
  { cn: "心脏射频消融导管", en: "Cardiac RF Ablation Catheter", a: ["7F 4mm tip", "7F 8mm tip", "7.5F irrigated"], b: ["Curve S", "Curve M", "Curve L", "Curve XL", "Bidirectional D-F"], join: " " },
  { cn: "诊断电生理导管", en: "Diagnostic Electrophysiology Catheter", a: ["5F", "6F", "7F"], b: ["Quadripolar 2-5-2mm", "Quadripolar 5-5-5mm", "Decapolar 2-8-2mm", "Decapolar 2-5-2mm", "Duodecapolar"], join: " " },
  { cn: "植入式心脏起搏器", en: "Implantable Cardiac Pacemaker", a: ["SR", "DR", "DDDR", "MRI-conditional SR", "MRI-conditional DR"], b: ["Model 110", "Model 120", "Model 210", "Model 220"], join: " ", c: CONFIGS },
  { cn: "植入式心律转复除颤器", en: "Implantable Cardioverter Defibrillator", a: ["VR", "DR", "CRT-D"], b: ["Model 3100", "Model 3200", "Model 3300", "Model 4100"], join: " ", c: CONFIGS },
  { cn: "心脏起搏电极导线", en: "Cardiac Pacing Lead", a: ["Active fixation", "Passive fixation", "Left ventricular"], b: ["45cm", "52cm", "58cm", "65cm", "78cm", "85cm"], join: " ", c: CONFIGS },
  { cn: "输尿管支架", en: "Ureteral Stent", a: ["4.8Fr", "6Fr", "7Fr", "8Fr"], b: ["20cm", "22cm", "24cm", "26cm", "28cm", "30cm"], join: " x " },
  { cn: "一次性使用取石网篮", en: "Single-use Stone Retrieval Basket", a: ["1.5Fr", "1.9Fr", "2.4Fr", "3.0Fr"], b: ["Nitinol 115cm", "Nitinol 120cm", "Tipless 115cm", "Helical 120cm"], join: " " },
  { cn: "胆道支架", en: "Biliary Stent", a: ["7Fr", "8.5Fr", "10Fr", "11.5Fr"], b: ["5cm", "7cm", "9cm", "12cm", "15cm"], join: " x " },
  { cn: "一次性使用活检钳", en: "Single-use Biopsy Forceps", a: ["1.8mm", "2.3mm", "2.8mm"], b: ["160cm", "230cm", "Oval cup 230cm", "Alligator 230cm", "With spike 230cm"], join: " x " },
  { cn: "内镜止血夹", en: "Endoscopic Hemostasis Clip", a: ["9mm", "11mm", "16mm"], b: ["155cm", "235cm", "Rotatable 235cm"], join: " " },
  { cn: "一次性使用圈套器", en: "Single-use Polypectomy Snare", a: ["10mm", "15mm", "20mm", "25mm", "33mm"], b: ["Oval", "Hexagonal", "Crescent", "Cold snare"], join: " " },
  { cn: "可解脱栓塞弹簧圈", en: "Detachable Embolization Coil", a: mm([2, 3, 4, 5, 6, 8, 10, 12]), b: ["2cm", "4cm", "6cm", "8cm", "10cm", "15cm", "20cm"], join: " x " },
  { cn: "微导管", en: "Microcatheter", a: ["1.7F", "2.0F", "2.4F", "2.7F", "2.8F"], b: ["130cm", "150cm", "Straight 150cm", "Angled 150cm"], join: " " },
  { cn: "血管内超声诊断导管", en: "Intravascular Ultrasound Catheter", a: ["40MHz", "45MHz", "60MHz"], b: ["Rotational 135cm", "Phased array 150cm"], join: " " },
  { cn: "血栓抽吸导管", en: "Thrombus Aspiration Catheter", a: ["6F", "7F"], b: ["135cm", "140cm", "Rx 140cm", "OTW 140cm"], join: " " },
  { cn: "可调弯导管鞘", en: "Steerable Guiding Sheath", a: ["8.5F", "11F", "12F"], b: ["Small curl", "Medium curl", "Large curl"], join: " " },
  { cn: "切割球囊导管", en: "Cutting Balloon Catheter", a: mm([2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0]), b: mm([6, 10, 15]), join: " x " },
  { cn: "经导管主动脉瓣膜系统", en: "Transcatheter Aortic Valve System", a: ["23mm", "26mm", "29mm", "34mm"], b: ["Delivery 14F", "Delivery 16F", "Delivery 18F"], join: " ", c: CONFIGS },
];

const RESTRICTED_REASONS = [
  "注册证变更审批中，暂停发货 Registration change under review, shipping on hold",
  "仅限出口，不得在中国境内销售 Export only, not for sale in China",
  "质量冻结，等待 CAPA 结论 Quality hold pending CAPA closure",
  "中文标签待审核 Chinese label awaiting approval",
  "仅限指定临床试验中心使用 Limited to designated clinical trial sites",
  "召回中，暂停销售 Under recall, sales suspended",
];

/** The GTIN check digit of 13 digits. */
function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

type UpnInsert = typeof upns.$inferInsert;

/**
 * DEMO_UPN_COUNT product numbers: every variant (size a x size b x pack or configuration c) of the
 * families above, one family after the other round robin, until the count is reached. Even families use "H749" + family (4 digits) + variant (4 digits) (H74939030012),
 * odd ones GTIN-14 codes (0 + company prefix 8714729 + item + check digit). About 80% Active, 12%
 * Restricted and 8% Discontinued; restricted and discontinued ones carry a reason (a discontinued
 * variant names its replacement when the family has a next variant).
 */
export function demoUpns(count = DEMO_UPN_COUNT): UpnInsert[] {
  const g = generator(20260202);
  const variants = FAMILIES.map((f) => f.a.flatMap((a) => f.b.flatMap((b) => (f.c ?? PACKS).map((c) => `${a}${f.join ?? " "}${b} ${c}`))));
  const code = (fi: number, vi: number) => {
    if (fi % 2 === 0) return `H749${String(3903 + fi * 7).padStart(4, "0")}${String(vi + 1).padStart(4, "0")}`;
    const body = `08714729${String(fi * 400 + vi).padStart(5, "0")}`;
    return `${body}${gtinCheckDigit(body)}`;
  };
  const rows: UpnInsert[] = [];
  for (let vi = 0; rows.length < count; vi++) {
    let added = false;
    for (let fi = 0; fi < FAMILIES.length && rows.length < count; fi++) {
      const v = variants[fi][vi];
      if (v === undefined) continue;
      added = true;
      const f = FAMILIES[fi];
      const roll = g.next();
      const status = roll < 0.8 ? "Active" : roll < 0.92 ? "Restricted" : "Discontinued";
      const next = variants[fi][vi + 1] === undefined ? null : code(fi, vi + 1);
      rows.push({
        upn: code(fi, vi),
        name: `${f.cn} ${f.en} ${v}`,
        status,
        restrictReason:
          status === "Restricted"
            ? g.pick(RESTRICTED_REASONS)
            : status === "Discontinued"
              ? next
                ? `已停产，请改用 ${next} Discontinued, use ${next} instead`
                : "已停产，注册证到期未延续 Discontinued, registration not renewed"
              : null,
      });
    }
    if (!added) break; // every variant of every family used
  }
  return rows;
}

// ------------------------------------------------------------------------------------- NMPA

/** Products: names cn and en, the 2017 classification catalogue's code, class (2 or 3). */
const PRODUCTS: [string, string, string, 2 | 3][] = [
  ["药物洗脱冠状动脉支架系统", "Drug-Eluting Coronary Stent System", "13", 3],
  ["冠状动脉球囊扩张导管", "Coronary Balloon Dilatation Catheter", "03", 3],
  ["经导管主动脉瓣膜系统", "Transcatheter Aortic Valve System", "13", 3],
  ["植入式心脏起搏器", "Implantable Cardiac Pacemaker", "12", 3],
  ["植入式心律转复除颤器", "Implantable Cardioverter Defibrillator", "12", 3],
  ["心脏射频消融导管", "Cardiac RF Ablation Catheter", "01", 3],
  ["外周血管支架系统", "Peripheral Vascular Stent System", "13", 3],
  ["颅内动脉瘤栓塞弹簧圈", "Intracranial Aneurysm Embolization Coil", "13", 3],
  ["血管内超声诊断设备", "Intravascular Ultrasound Imaging System", "06", 3],
  ["一次性使用血管内导丝", "Single-use Intravascular Guidewire", "03", 3],
  ["导引导管", "Guiding Catheter", "03", 3],
  ["血管鞘组", "Introducer Sheath Set", "03", 3],
  ["人工髋关节假体", "Hip Joint Prosthesis", "13", 3],
  ["骨科内固定钢板系统", "Orthopaedic Internal Fixation Plate System", "13", 3],
  ["人工晶状体", "Intraocular Lens", "16", 3],
  ["一次性使用输液器 带针", "Single-use Infusion Set with Needle", "14", 3],
  ["输尿管支架", "Ureteral Stent", "14", 2],
  ["一次性使用取石网篮", "Single-use Stone Retrieval Basket", "14", 2],
  ["一次性使用活检钳", "Single-use Biopsy Forceps", "02", 2],
  ["内镜用止血夹", "Endoscopic Hemostasis Clip", "02", 2],
  ["一次性使用圈套器", "Single-use Polypectomy Snare", "02", 2],
  ["电子上消化道内窥镜", "Video Gastroscope", "06", 2],
  ["医用电子体温计", "Medical Electronic Thermometer", "07", 2],
  ["电子血压计", "Electronic Blood Pressure Monitor", "07", 2],
  ["多参数患者监护仪", "Multi-parameter Patient Monitor", "07", 2],
  ["心电图机", "Electrocardiograph", "07", 2],
  ["医用超声耦合剂", "Medical Ultrasound Coupling Gel", "06", 2],
  ["一次性使用无菌注射器", "Single-use Sterile Syringe", "14", 2],
  ["医用外科口罩", "Surgical Face Mask", "14", 2],
  ["无创呼吸机", "Non-invasive Ventilator", "08", 2],
  ["医用制氧机", "Medical Oxygen Concentrator", "08", 2],
  ["全自动生化分析仪", "Automatic Biochemistry Analyzer", "22", 2],
  ["血液透析浓缩物", "Haemodialysis Concentrate", "10", 3],
  ["中心静脉导管包", "Central Venous Catheter Kit", "14", 3],
  ["可吸收外科缝线", "Absorbable Surgical Suture", "02", 3],
  ["心肌肌钙蛋白I测定试剂盒（化学发光法）", "Cardiac Troponin I Assay Kit (Chemiluminescence)", "40", 2],
  ["新型冠状病毒核酸检测试剂盒（荧光PCR法）", "SARS-CoV-2 Nucleic Acid Detection Kit (Real-time PCR)", "40", 3],
];

/** Domestic makers: name (cn en), province prefix of their class II registrations, address. */
const DOMESTIC: [string, string, string][] = [
  ["上海瑞康医疗器械有限公司 Shanghai Ruikang Medical Devices Co., Ltd.", "沪", "上海市浦东新区张江路 1288 号 1288 Zhangjiang Road, Pudong, Shanghai"],
  ["北京安心医疗科技股份有限公司 Beijing Anxin Medical Technology Co., Ltd.", "京", "北京市昌平区科技园区生命园路 8 号 8 Shengmingyuan Road, Changping, Beijing"],
  ["深圳迈康生物医学工程有限公司 Shenzhen Maikang Biomedical Engineering Co., Ltd.", "粤", "深圳市南山区高新南七道 16 号 16 Gaoxin South 7th Road, Nanshan, Shenzhen"],
  ["苏州恒脉医疗科技有限公司 Suzhou Hengmai Medical Technology Co., Ltd.", "苏", "苏州工业园区星湖街 218 号 218 Xinghu Street, Suzhou Industrial Park"],
  ["杭州澄明医疗器械有限公司 Hangzhou Chengming Medical Instruments Co., Ltd.", "浙", "杭州市余杭区文一西路 998 号 998 Wenyi West Road, Yuhang, Hangzhou"],
  ["威海华康医用制品有限公司 Weihai Huakang Medical Products Co., Ltd.", "鲁", "山东省威海市火炬高技术产业开发区初村镇 28 号 28 Chucun, Torch Hi-tech Zone, Weihai, Shandong"],
  ["成都启明生物医疗有限公司 Chengdu Qiming Biomedical Co., Ltd.", "川", "成都市高新区天府大道中段 1366 号 1366 Tianfu Avenue, Chengdu"],
  ["武汉康源医疗设备有限公司 Wuhan Kangyuan Medical Equipment Co., Ltd.", "鄂", "武汉市东湖新技术开发区高新大道 666 号 666 Gaoxin Avenue, East Lake Hi-tech Zone, Wuhan"],
];

/** Foreign makers (imported registrations): name (en and cn), address. */
const FOREIGN: [string, string][] = [
  ["Meridian Cardio Systems Inc. 美瑞迪安心血管系统公司", "100 Lakeside Drive, Minneapolis, MN 55401, USA 美国明尼苏达州明尼阿波利斯湖滨大道 100 号"],
  ["Alpenmed AG 阿尔彭医疗股份公司", "Seestrasse 41, 8002 Zürich, Switzerland 瑞士苏黎世湖滨街 41 号"],
  ["Nordvik Medical AB 诺德维克医疗公司", "Kungsgatan 12, 111 43 Stockholm, Sweden 瑞典斯德哥尔摩国王街 12 号"],
  ["Rheinland Medizintechnik GmbH 莱茵兰医疗技术有限公司", "Industriestrasse 7, 40210 Düsseldorf, Germany 德国杜塞尔多夫工业街 7 号"],
  ["Shinwa Medical Corporation 新和医疗株式会社", "2-3-1 Nihonbashi, Chuo-ku, Tokyo 103-0027, Japan 日本东京都中央区日本桥 2-3-1"],
  ["Galway Vascular Ltd. 戈尔韦血管有限公司", "Parkmore Business Park, Galway H91, Ireland 爱尔兰戈尔韦帕克莫尔商业园"],
  ["Bayview Diagnostics Inc. 湾景诊断公司", "2500 Harbor Boulevard, San Diego, CA 92101, USA 美国加利福尼亚州圣迭戈港湾大道 2500 号"],
  ["Hanseo Medical Co., Ltd. 韩瑞医疗株式会社", "55 Teheran-ro, Gangnam-gu, Seoul, Korea 韩国首尔江南区德黑兰路 55 号"],
];
/** Registrants in Hong Kong, Macao or Taiwan (国械注许). */
const HMT: [string, string][] = [
  ["香港康宁医疗科技有限公司 Hong Kong Kangning Medical Technology Ltd.", "香港九龙观塘道 388 号 388 Kwun Tong Road, Kowloon, Hong Kong"],
  ["台湾精准医材股份有限公司 Taiwan Precision Medical Devices Corp.", "台湾新竹科学园区研发二路 9 号 9 R&D 2nd Road, Hsinchu Science Park, Taiwan"],
];

type NmpaInsert = typeof nmpaCertificates.$inferInsert;
const iso = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;

/**
 * DEMO_NMPA_COUNT registration certificates approved between 2015 and `now`. Class III domestic:
 * 国械注准 + year + 3 + catalogue code + 4-digit serial (国械注准20193130456); class II domestic: the
 * maker's province (沪械注准20202140123); imported: 国械注进 (国械注进20182130123); Hong Kong,
 * Macao and Taiwan: 国械注许. Valid five years from approval (validTo the day before the fifth
 * anniversary), so the older ones have expired. Category "第三类 Class III" or "第二类 Class II".
 */
export function demoNmpaCertificates(now: Date, count = DEMO_NMPA_COUNT): NmpaInsert[] {
  const g = generator(20260303);
  const lastYear = now.getUTCFullYear();
  const serials = new Map<string, number>();
  const rows: NmpaInsert[] = [];
  while (rows.length < count) {
    const [cn, en, cat, cls] = g.pick(PRODUCTS);
    const origin = g.weighted([["domestic", 6], ["import", 3.5], ["hmt", 0.5]] as const);
    const year = 2015 + g.int(lastYear - 2015 + 1);
    const yearStart = Date.UTC(year, 0, 1);
    const yearEnd = Math.min(Date.UTC(year, 11, 31), Date.UTC(lastYear, now.getUTCMonth(), now.getUTCDate()));
    const approved = new Date(yearStart + g.int(Math.floor((yearEnd - yearStart) / 86_400_000) + 1) * 86_400_000);
    let prefix: string;
    let maker: string;
    let registrant: string;
    let address: string;
    if (origin === "domestic") {
      const [name, province, addr] = g.pick(DOMESTIC);
      prefix = cls === 3 ? "国械注准" : `${province}械注准`;
      maker = name;
      registrant = name;
      address = addr;
    } else {
      const [name, addr] = origin === "import" ? g.pick(FOREIGN) : g.pick(HMT);
      prefix = origin === "import" ? "国械注进" : "国械注许";
      maker = name;
      registrant = name;
      address = addr;
    }
    const key = `${prefix}${year}${cls}${cat}`;
    const serial = (serials.get(key) ?? g.int(200)) + 1 + g.int(40);
    serials.set(key, serial);
    const validTo = new Date(Date.UTC(approved.getUTCFullYear() + 5, approved.getUTCMonth(), approved.getUTCDate()) - 86_400_000);
    rows.push({
      certificateCode: `${key}${String(serial).padStart(4, "0")}`,
      productNameCn: cn,
      productNameEn: en,
      validFrom: iso(approved),
      validTo: iso(validTo),
      category: cls === 3 ? "第三类 Class III" : "第二类 Class II",
      approvedDate: iso(approved),
      manufacturer: maker,
      registrant,
      address,
    });
  }
  return rows;
}

// ----------------------------------------------------------------------------------------- seed

export async function seedDemoSourceData(db: Db, ctx: CentresSeedContext): Promise<void> {
  await insertChunks(db, employees, demoEmployees());
  await insertChunks(db, upns, demoUpns());
  await insertChunks(db, nmpaCertificates, demoNmpaCertificates(ctx.now));
}
