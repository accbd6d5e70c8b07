// The large-data seed (issue 9, section 2): what the search and page benchmarks run against.
//
//   npm run seed:large [-- --database-url URL] [--data-dir DIR] [--scale 1] [--seed 20261123]
//
// Adds, at --scale 1: 100,000 employees, 100,000 UPNs and 20,000 NMPA registration certificates
// (the global search's source data), 20,000 users (sys_user, listed by the admin user page, each
// with the staff role, some editors) with 1,000,000 personal tasks spread across them (a few users
// carry thousands, most a few dozen), and 50,000 help-centre policies in 120 folders with 40 tags.
//
// Where it writes: --database-url URL, else DATABASE_URL, else the embedded database of the server
// running on DATA_DIR (default ./data): `npm start` must be running (the embedded PostgreSQL lives
// as long as its server; the connection string comes from DATA_DIR/pg/postmaster.pid and
// DATA_DIR/db-password).
//
// How: every table is filled by one INSERT ... SELECT over generate_series, with the values drawn
// from hashint8extended(row number, seed) (a pure function of the seed and the row number, so the
// same seed gives the same rows in any database); all in ONE transaction with a marker row in
// sys_meta (key "seed:large"): a second run finds the marker and does nothing, a failed run leaves
// nothing behind. VACUUM (ANALYZE) of the tables at the end. Refused under NODE_ENV=production unless --force.
//
// The users cannot log in: their password hash is "!" (no scrypt hash, which never verifies), so
// 20,000 accounts with a known password never exist. The benchmark reads their tasks as the
// administrator with userId (getTaskPage allows an administrator any userId).
//
// Dates (task request dates, policy creation) are relative to the start of the current day, so
// the task centre's default six-month range always holds a realistic share of them.
import pg from "pg";
import { embeddedUrl, parseArgs } from "./lib/server.ts";
import { GIVEN, SURNAMES as DEMO_SURNAMES } from "../server/src/db/demo/sourceData.ts";

export const SEED_LARGE_KEY = "seed:large";

export const LARGE_COUNTS = {
  employees: 100_000,
  upns: 100_000,
  certificates: 20_000,
  users: 20_000,
  tasks: 1_000_000,
  policies: 50_000,
} as const;

export type LargeCounts = { -readonly [K in keyof typeof LARGE_COUNTS]: number };

export interface SeedLargeResult {
  /** false when the marker was already there (nothing was added). */
  added: boolean;
  counts: LargeCounts & { folders: number; labels: number; policyLabels: number; userRoles: number };
  ms: number;
  /** The marker's value: scale, seed, counts, when. */
  marker: Record<string, unknown>;
}

export const countsFor = (scale: number): LargeCounts =>
  Object.fromEntries(Object.entries(LARGE_COUNTS).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))])) as LargeCounts;

// ----------------------------------------------------------------------------- vocabularies

/** The demo seed's names (server/src/db/demo/sourceData.ts), without the surnames' weights. */
export const SURNAMES: [string, string][] = DEMO_SURNAMES.map(([cn, en]) => [cn, en]);
export { GIVEN };
const DEPARTMENTS = [
  "总部 Head Office", "质量部 Quality", "法规事务部 Regulatory Affairs", "销售部 Sales", "心血管事业部 Cardiology",
  "人力资源部 Human Resources", "信息技术部 IT", "研发部 R&D", "财务部 Finance", "供应链 Supply Chain", "市场部 Marketing",
];
const TITLES = [
  "销售代表 Sales Representative", "高级销售代表 Senior Sales Representative", "产品专员 Product Specialist", "临床专家 Clinical Specialist",
  "质量工程师 Quality Engineer", "注册专员 Regulatory Affairs Specialist", "研发工程师 R&D Engineer", "会计 Accountant",
  "财务分析师 Financial Analyst", "HR 业务伙伴 HR Business Partner", "系统工程师 Systems Engineer", "地区经理 Area Manager",
  "项目经理 Project Manager", "采购专员 Buyer", "物流专员 Logistics Specialist",
];
const CITIES = [
  "上海 Shanghai", "上海 Shanghai", "上海 Shanghai", "北京 Beijing", "北京 Beijing", "广州 Guangzhou", "深圳 Shenzhen", "成都 Chengdu",
  "武汉 Wuhan", "杭州 Hangzhou", "南京 Nanjing", "西安 Xi'an", "沈阳 Shenyang", "重庆 Chongqing", "天津 Tianjin", "苏州 Suzhou",
];
export const BUS = ["Cardiology", "Quality", "IT", "Sales", "R&D", "Finance", "HR", "Regulatory", "Endoscopy", "Urology", "Supply Chain", "Marketing"];

export const FAMILIES: [string, string][] = [
  ["冠状动脉球囊扩张导管", "Coronary Balloon Dilatation Catheter"], ["药物洗脱冠状动脉支架系统", "Drug-Eluting Coronary Stent System"],
  ["导引导管", "Guiding Catheter"], ["PTCA 导丝", "PTCA Guidewire"], ["血管鞘组", "Introducer Sheath Set"], ["造影导管", "Angiographic Catheter"],
  ["外周球囊扩张导管", "Peripheral Balloon Dilatation Catheter"], ["心脏射频消融导管", "Cardiac RF Ablation Catheter"],
  ["植入式心脏起搏器", "Implantable Cardiac Pacemaker"], ["输尿管支架", "Ureteral Stent"], ["一次性使用取石网篮", "Single-use Stone Retrieval Basket"],
  ["胆道支架", "Biliary Stent"], ["一次性使用活检钳", "Single-use Biopsy Forceps"], ["内镜止血夹", "Endoscopic Hemostasis Clip"],
  ["可解脱栓塞弹簧圈", "Detachable Embolization Coil"], ["微导管", "Microcatheter"], ["血栓抽吸导管", "Thrombus Aspiration Catheter"],
  ["切割球囊导管", "Cutting Balloon Catheter"], ["经导管主动脉瓣膜系统", "Transcatheter Aortic Valve System"], ["心脏起搏电极导线", "Cardiac Pacing Lead"],
];
const SIZES_A = ["2.0mm", "2.5mm", "3.0mm", "3.5mm", "4.0mm", "5F", "6F", "7F", "8F", "0.014in", "1.9Fr", "6Fr", "9mm", "11mm"];
const SIZES_B = ["8mm", "12mm", "15mm", "20mm", "30mm", "100cm", "150cm", "190cm", "300cm", "Curve M", "Model 210", "Standard"];
const PACKS = ["1支/盒 1/box", "5支/盒 5/box", "10支/盒 10/box"];
const RESTRICTED = [
  "注册证变更审批中，暂停发货 Registration change under review, shipping on hold",
  "仅限出口，不得在中国境内销售 Export only, not for sale in China",
  "质量冻结，等待 CAPA 结论 Quality hold pending CAPA closure",
  "召回中，暂停销售 Under recall, sales suspended",
];

/** NMPA products: cn, en, catalogue code, class. */
const PRODUCTS: [string, string, string, number][] = [
  ["药物洗脱冠状动脉支架系统", "Drug-Eluting Coronary Stent System", "13", 3], ["冠状动脉球囊扩张导管", "Coronary Balloon Dilatation Catheter", "03", 3],
  ["植入式心脏起搏器", "Implantable Cardiac Pacemaker", "12", 3], ["心脏射频消融导管", "Cardiac RF Ablation Catheter", "01", 3],
  ["人工髋关节假体", "Hip Joint Prosthesis", "13", 3], ["人工晶状体", "Intraocular Lens", "16", 3], ["输尿管支架", "Ureteral Stent", "14", 2],
  ["一次性使用活检钳", "Single-use Biopsy Forceps", "02", 2], ["电子上消化道内窥镜", "Video Gastroscope", "06", 2],
  ["电子血压计", "Electronic Blood Pressure Monitor", "07", 2], ["多参数患者监护仪", "Multi-parameter Patient Monitor", "07", 2],
  ["医用外科口罩", "Surgical Face Mask", "14", 2], ["无创呼吸机", "Non-invasive Ventilator", "08", 2],
  ["全自动生化分析仪", "Automatic Biochemistry Analyzer", "22", 2], ["可吸收外科缝线", "Absorbable Surgical Suture", "02", 3],
];
const PREFIXES_CLASS3 = ["国械注准", "国械注进", "国械注许"];
const PREFIXES_CLASS2 = ["沪械注准", "京械注准", "粤械注准", "苏械注准", "浙械注准", "国械注进"];
const MAKERS = [
  "上海瑞康医疗器械有限公司 Shanghai Ruikang Medical Devices Co., Ltd.", "北京安心医疗科技股份有限公司 Beijing Anxin Medical Technology Co., Ltd.",
  "深圳迈康生物医学工程有限公司 Shenzhen Maikang Biomedical Engineering Co., Ltd.", "Meridian Cardio Systems Inc. 美瑞迪安心血管系统公司",
  "Alpenmed AG 阿尔彭医疗股份公司", "Shinwa Medical Corporation 新和医疗株式会社", "Galway Vascular Ltd. 戈尔韦血管有限公司",
];

/** Workflow processes of the task rows: cn, en, code. */
export const PROCESSES: [string, string, string][] = [
  ["差旅报销", "Travel expense", "TE"], ["采购申请", "Purchase request", "PR"], ["合同审批", "Contract approval", "CA"],
  ["请假申请", "Leave request", "LV"], ["付款申请", "Payment request", "PY"], ["用印申请", "Seal request", "SL"],
  ["招聘需求", "Hiring request", "HR"], ["会议费用", "Meeting expense", "ME"], ["样品申领", "Sample request", "SP"],
  ["偏差报告", "Deviation report", "DV"], ["变更控制", "Change control", "CC"], ["客户投诉", "Customer complaint", "CP"],
  ["培训报名", "Training enrolment", "TR"], ["IT 权限申请", "IT access request", "IT"], ["加班申请", "Overtime request", "OT"],
];

/** Policy topics: cn, en. */
export const TOPICS: [string, string][] = [
  ["差旅管理", "Travel management"], ["费用报销", "Expense reimbursement"], ["信息安全", "Information security"], ["质量手册", "Quality manual"],
  ["不良事件报告", "Adverse event reporting"], ["反腐败合规", "Anti-corruption compliance"], ["数据隐私", "Data privacy"],
  ["采购流程", "Procurement process"], ["员工手册", "Employee handbook"], ["考勤与休假", "Attendance and leave"], ["培训管理", "Training management"],
  ["安全生产", "Workplace safety"], ["合同管理", "Contract management"], ["样品管理", "Sample management"], ["客户投诉处理", "Complaint handling"],
  ["变更控制", "Change control"], ["供应商审核", "Supplier audit"], ["IT 设备使用", "IT equipment use"], ["印章管理", "Seal management"],
  ["医学事务", "Medical affairs"],
];
const POLICY_KINDS = [["制度", "Policy"], ["流程", "Procedure"], ["指引", "Guideline"], ["常见问题", "FAQ"], ["表单说明", "Form guide"]];

// ------------------------------------------------------------------------------- SQL helpers

/** A text array parameter's literal (passed as a bound parameter, never spliced). */
const col = <T>(rows: T[][], i: number) => rows.map((r) => r[i]);

/**
 * The seed's generator in SQL: pg_temp.r(n, k) is a number in [0, 1) drawn from row number n and
 * stream k (hashint8extended with the seed), the same in every database of the same PostgreSQL.
 */
function generatorSql(seed: number) {
  return `CREATE FUNCTION pg_temp.r(n bigint, k int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT (hashint8extended(n, ${Math.trunc(seed)}::bigint * 1000 + k) & 140737488355327)::float8 / 140737488355328 $$`;
}
/** 1-based index into an array of `len` (a SQL expression), drawn from stream k of row `n`. */
const ix = (n: string, k: number, len: string) => `(1 + floor(pg_temp.r(${n}, ${k}) * ${len})::int)`;
/** A pick from a text[] parameter $p. */
const pick = (p: string, n: string, k: number) => `(${p}::text[])[${ix(n, k, `cardinality(${p}::text[])`)}]`;

/** A Chinese name and its pinyin for person number `n` (employee, user, task requester). */
function personSql(n: string, base: number) {
  // surnames skewed to the common ones (the list is in frequency order)
  const s = `(1 + floor(power(pg_temp.r(${n}, ${base}), 1.8) * cardinality($1::text[]))::int)`;
  const g1 = ix(n, base + 1, "cardinality($3::text[])");
  const g2 = ix(n, base + 2, "cardinality($3::text[])");
  const two = `pg_temp.r(${n}, ${base + 3}) >= 0.45`;
  return {
    cn: `(($1::text[])[${s}] || ($3::text[])[${g1}] || CASE WHEN ${two} THEN ($3::text[])[${g2}] ELSE '' END)`,
    en: `(($2::text[])[${s}] || ' ' || initcap(($4::text[])[${g1}] || CASE WHEN ${two} THEN ($4::text[])[${g2}] ELSE '' END))`,
    local: `(lower(($2::text[])[${s}]) || '.' || ($4::text[])[${g1}] || CASE WHEN ${two} THEN ($4::text[])[${g2}] ELSE '' END)`,
  };
}
const NAME_PARAMS = [col(SURNAMES, 0), col(SURNAMES, 1), col(GIVEN, 0), col(GIVEN, 1)];

// ------------------------------------------------------------------------------------- seed

export async function seedLarge(
  client: pg.ClientBase,
  opts: { scale?: number; seed?: number; log?: (line: string) => void } = {},
): Promise<SeedLargeResult> {
  const scale = opts.scale ?? 1;
  const seed = opts.seed ?? 20261123;
  const log = opts.log ?? (() => {});
  if (!(scale > 0 && scale <= 10)) throw new Error("--scale must be in (0, 10]");
  const n = countsFor(scale);
  const started = Date.now();
  const step = async (what: string, text: string, params: unknown[] = []) => {
    const t = Date.now();
    const res = await client.query(text, params);
    log(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return res;
  };

  await client.query("BEGIN");
  try {
    // one seeding at a time; the marker decides
    await client.query("SELECT pg_advisory_xact_lock(727009)");
    const existing = await client.query<{ value: string }>("SELECT value FROM sys_meta WHERE key = $1", [SEED_LARGE_KEY]);
    if (existing.rowCount) {
      await client.query("ROLLBACK");
      const marker = JSON.parse(existing.rows[0].value) as Record<string, unknown>;
      return { added: false, counts: marker.counts as SeedLargeResult["counts"], ms: Date.now() - started, marker };
    }
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    // A million loaded tasks are not a million notifications (issue 23: the task triggers skip it).
    await client.query("SET LOCAL portal.quiet = 'on'");
    await client.query(generatorSql(seed));

    // The secondary indexes of the big tables (trigram and character GIN, the task page's btree)
    // are dropped here and built again after the inserts: one bulk build is several times faster
    // than a million index insertions. In this transaction: a failed run puts them back (rollback);
    // meanwhile a running server's requests on these tables wait for the seed to finish.
    const BIG = ["md_employee", "md_upn", "md_nmpa_certificate", "personal_task", "bsc_policy"];
    const secondary = (await client.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
       ORDER BY 1`,
      [BIG],
    )).rows;
    for (const ix of secondary) await client.query(`DROP INDEX ${ix.name}`);

    // --------------------------------------------------------------- the search's source data
    const emp = personSql("i", 10);
    const lead = personSql("((i - 1) / 15) * 15 + 1", 10); // every 15 people report to the first of them
    await step(
      "md_employee",
      `INSERT INTO md_employee (employee_no, chinese_name, english_name, title, email, department, supervisor, city)
       SELECT 'E' || (200000 + i), ${emp.cn}, ${emp.en}, ${pick("$5", "i", 20)},
              ${emp.local} || '.' || (200000 + i) || '@example.com', ${pick("$6", "((i - 1) / 15)", 21)},
              CASE WHEN (i - 1) % 15 = 0 THEN NULL ELSE ${lead.cn} || ' ' || ${lead.en} END, ${pick("$7", "i", 22)}
       FROM generate_series(1, $8::int) AS i`,
      [...NAME_PARAMS, TITLES, DEPARTMENTS, CITIES, n.employees],
    );

    const family = ix("i", 31, "cardinality($1::text[])");
    await step(
      "md_upn",
      `INSERT INTO md_upn (upn, name, status, restrict_reason)
       SELECT CASE WHEN i % 2 = 0 THEN 'H76' || lpad(i::text, 9, '0') ELSE '087147' || lpad(i::text, 8, '0') END,
              ($1::text[])[f] || ' ' || ($2::text[])[f] || ' ' || ${pick("$3", "i", 32)} || ' x ' || ${pick("$4", "i", 33)} || ' ' || ${pick("$5", "i", 34)},
              CASE WHEN s < 0.8 THEN 'Active' WHEN s < 0.92 THEN 'Restricted' ELSE 'Discontinued' END,
              CASE WHEN s < 0.8 THEN NULL WHEN s < 0.92 THEN ${pick("$6", "i", 36)} ELSE '已停产 Discontinued' END
       FROM (SELECT i, ${family} AS f, pg_temp.r(i, 35) AS s FROM generate_series(1, $7::int) AS i) g`,
      [col(FAMILIES, 0), col(FAMILIES, 1), SIZES_A, SIZES_B, PACKS, RESTRICTED, n.upns],
    );

    // codes: prefix + year + class + catalogue code + a serial from 5000 (the demo's stay below 2000),
    // numbered within each prefix/year/class/code so they never collide
    await step(
      "md_nmpa_certificate",
      `INSERT INTO md_nmpa_certificate (certificate_code, product_name_cn, product_name_en, valid_from, valid_to, category, approved_date, manufacturer, registrant, address)
       SELECT key || lpad((5000 + row_number() OVER (PARTITION BY key ORDER BY i))::text, 4, '0'),
              cn, en, approved, (approved + interval '5 years' - interval '1 day')::date,
              CASE WHEN cls = 3 THEN '第三类 Class III' ELSE '第二类 Class II' END, approved, maker, maker, '中国 China'
       FROM (
         SELECT i, ($1::text[])[p] AS cn, ($2::text[])[p] AS en, ($4::int[])[p] AS cls, maker, approved,
                CASE WHEN ($4::int[])[p] = 3 THEN ${pick("$5", "i", 42)} ELSE ${pick("$6", "i", 42)} END
                  || extract(year FROM approved)::int || ($4::int[])[p] || ($3::text[])[p] AS key
         FROM (SELECT i, ${ix("i", 41, "cardinality($1::text[])")} AS p, ${pick("$7", "i", 43)} AS maker,
                      (date '2015-01-01' + floor(pg_temp.r(i, 44) * (current_date - date '2015-01-01'))::int) AS approved
               FROM generate_series(1, $8::int) AS i) g
       ) c
       ORDER BY i`,
      [col(PRODUCTS, 0), col(PRODUCTS, 1), col(PRODUCTS, 2), col(PRODUCTS, 3), PREFIXES_CLASS3, PREFIXES_CLASS2, MAKERS, n.certificates],
    );

    // ----------------------------------------------------------------------------------- users
    const usr = personSql("i", 50);
    const users = await step(
      "sys_user",
      `WITH ins AS (
         INSERT INTO sys_user (user_name, real_name, password_hash, status, email, phone, bu, dept_id, create_time)
         SELECT 'perf' || lpad(i::text, 6, '0'), ${usr.cn}, '!', CASE WHEN pg_temp.r(i, 60) < 0.05 THEN 0 ELSE 1 END,
                ${usr.local} || '.' || i || '@perf.example.com', '139' || lpad((i * 7919 % 100000000)::text, 8, '0'),
                ${pick("$5", "i", 61)},
                CASE WHEN cardinality($6::int[]) = 0 THEN NULL ELSE ($6::int[])[${ix("i", 62, "cardinality($6::int[])")}] END,
                date_trunc('day', now()) - make_interval(secs => floor(pg_temp.r(i, 63) * 3 * 365 * 86400))
         FROM generate_series(1, $7::int) AS i
         RETURNING id)
       SELECT array_agg(id ORDER BY id) AS ids FROM ins`,
      [...NAME_PARAMS, BUS, (await client.query<{ ids: number[] }>("SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM sys_dept")).rows[0].ids, n.users],
    );
    const userIds: number[] = users.rows[0].ids;
    await step(
      "sys_user_role",
      `INSERT INTO sys_user_role (user_id, role_id, sort)
       SELECT u.id, r.id, 0 FROM unnest($1::int[]) AS u(id), sys_role r WHERE r.role_code = 'staff'
       UNION ALL
       SELECT u.id, r.id, 1 FROM unnest($1::int[]) WITH ORDINALITY AS u(id, n), sys_role r
       WHERE r.role_code = 'editor' AND pg_temp.r(u.n, 64) < 0.03`,
      [userIds],
    );

    // ----------------------------------------------------------------------------------- tasks
    // the owner: density falling as 1/sqrt(rank), so user 1 has ~0.7% of all tasks (7,000 at scale 1)
    const owner = `($1::int[])[1 + floor(power(pg_temp.r(i, 70), 2) * cardinality($1::int[]))::int]`;
    const req = personSql("i", 80);
    const appr = personSql("i", 90);
    await step(
      "personal_task",
      `INSERT INTO personal_task (user_id, receive_or_sponsor, handled_status, complete_status, task_status, form_status, task_name, task_url,
                                  task_start_time, task_sponsor, task_approved_person, task_complete_time, task_current_approved, type, title,
                                  request_date, requestor, approved_by, pending_on, reminder_date, start_date, end_date, completion_date,
                                  process_status, approval_status)
       SELECT owner, ros, handled, complete, CASE WHEN pg_temp.r(i, 74) < 0.85 THEN 1 ELSE 0 END, floor(pg_temp.r(i, 75) * 4)::int,
              ($2::text[])[p] || ' ' || ($3::text[])[p], 'https://workflow.example.com/task/' || i,
              rd + interval '7 minutes', requestor, approver, CASE WHEN complete = 1 THEN rd + make_interval(hours => 1 + floor(pg_temp.r(i, 76) * 240)::int) END,
              CASE WHEN complete = 1 THEN NULL ELSE approver END, ($3::text[])[p],
              ($2::text[])[p] || ' - ' || requestor || ' - ' || ($4::text[])[p] || '-' || lpad(i::text, 7, '0'),
              rd, requestor, CASE WHEN handled = 1 THEN approver END, CASE WHEN complete = 1 THEN NULL ELSE approver END,
              rd + interval '3 days', rd, rd + interval '14 days', CASE WHEN complete = 1 THEN rd + interval '5 days' END,
              CASE WHEN pg_temp.r(i, 77) < 0.05 THEN NULL ELSE floor(pg_temp.r(i, 78) * 8)::int END,
              CASE WHEN pg_temp.r(i, 79) < 0.05 THEN NULL ELSE (ARRAY[1, 2, 4, 8, 16, 32])[${ix("i", 73, "6")}] END
       FROM (
         SELECT i, ${owner} AS owner, ros, handled,
                CASE WHEN handled = 1 AND pg_temp.r(i, 72) < 0.7 THEN 1 ELSE 0 END AS complete,
                ${ix("i", 71, "cardinality($2::text[])")} AS p,
                CASE WHEN pg_temp.r(i, 69) < 0.01 THEN NULL
                     ELSE date_trunc('day', now()) - make_interval(secs => floor(power(pg_temp.r(i, 68), 1.3) * 730 * 86400)) END AS rd,
                ${req.cn.replaceAll("$1::", "$5::").replaceAll("$3::", "$6::")} AS requestor,
                ${appr.cn.replaceAll("$1::", "$5::").replaceAll("$3::", "$6::")} AS approver
         FROM (SELECT i, CASE WHEN pg_temp.r(i, 66) < 0.7 THEN 0 ELSE 1 END AS ros FROM generate_series(1, $7::int) AS i) s,
              LATERAL (SELECT CASE WHEN pg_temp.r(i, 67) < (CASE WHEN s.ros = 0 THEN 0.25 ELSE 0.1 END) THEN 0 ELSE 1 END AS handled) h
       ) t`,
      [userIds, col(PROCESSES, 0), col(PROCESSES, 1), col(PROCESSES, 2), col(SURNAMES, 0), col(GIVEN, 0), n.tasks],
    );

    // ------------------------------------------------------------------------- help centre
    // 20 top folders (one per topic), each with 5 sub-folders (one per kind): 120 folders
    const folders = await step(
      "bsc_folder",
      `WITH top AS (
         INSERT INTO bsc_folder (folder_name, parent_id, sort)
         SELECT '性能 ' || t.cn || ' ' || t.en, NULL, 1000 + t.n FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(cn, en, n)
         RETURNING id, sort),
       sub AS (
         INSERT INTO bsc_folder (folder_name, parent_id, sort)
         SELECT k.cn || ' ' || k.en, top.id, k.n FROM top, unnest($3::text[], $4::text[]) WITH ORDINALITY AS k(cn, en, n)
         RETURNING id, parent_id, sort)
       SELECT (SELECT array_agg(id ORDER BY sort) FROM top) AS tops,
              (SELECT array_agg(sub.id ORDER BY top.sort, sub.sort) FROM sub JOIN top ON top.id = sub.parent_id) AS subs`,
      [col(TOPICS, 0), col(TOPICS, 1), col(POLICY_KINDS, 0), col(POLICY_KINDS, 1)],
    );
    const folderIds: number[] = [...folders.rows[0].tops, ...folders.rows[0].subs];
    const labels = await step(
      "bsc_label",
      `INSERT INTO bsc_label (label_name, label_en_name, status, sort)
       SELECT '性能标签' || lpad(i::text, 2, '0'), 'Perf tag ' || lpad(i::text, 2, '0'), CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END, 1000 + i
       FROM generate_series(1, 40) AS i
       RETURNING id`,
    );
    const labelIds = labels.rows.map((r) => r.id as number).sort((a, b) => a - b);
    const topic = ix("i", 101, "cardinality($1::text[])");
    const policies = await step(
      "bsc_policy",
      `WITH ins AS (
         INSERT INTO bsc_policy (title, keyword, status, visibility, review_flag, version_number, content, content_text, dept_id, creator_id,
                                 folder_id, create_time, update_time)
         SELECT ($1::text[])[t] || ($3::text[])[k] || ' ' || ($2::text[])[t] || ' ' || ($4::text[])[k] || ' ' || lpad(i::text, 5, '0'),
                'PERF-' || lpad(i::text, 6, '0'),
                CASE WHEN s < 0.8 THEN 4 ELSE floor(s * 20)::int % 4 END, CASE WHEN pg_temp.r(i, 104) < 0.9 THEN 1 ELSE 0 END, 0,
                '1.' || floor(pg_temp.r(i, 105) * 5)::int || '.0',
                '<p>' || body || '</p>', body,
                CASE WHEN cardinality($6::int[]) = 0 THEN NULL ELSE ($6::int[])[${ix("i", 106, "cardinality($6::int[])")}] END, NULL,
                ($5::int[])[CASE WHEN pg_temp.r(i, 107) < 0.3 THEN t ELSE cardinality($1::text[]) + (t - 1) * cardinality($3::text[]) + k END],
                ct, ct
         FROM (
           SELECT i, t, k, pg_temp.r(i, 103) AS s,
                  date_trunc('day', now()) - make_interval(secs => floor(pg_temp.r(i, 108) * 5 * 365 * 86400)) AS ct,
                  '本文件规定了' || ($1::text[])[t] || '的要求，适用于公司全体员工。This document sets out the ' || lower(($2::text[])[t])
                    || ' requirements for all employees. 联系人 Contact: '
                    || ${personSql("i", 110).cn.replaceAll("$1::", "$8::").replaceAll("$3::", "$9::")} || '，版本 ' || i || '。' AS body
           FROM (SELECT i, ${topic} AS t, ${ix("i", 102, "cardinality($3::text[])")} AS k FROM generate_series(1, $7::int) AS i) g
         ) p
         ORDER BY i
         RETURNING id)
       SELECT array_agg(id ORDER BY id) AS ids FROM ins`,
      [col(TOPICS, 0), col(TOPICS, 1), col(POLICY_KINDS, 0), col(POLICY_KINDS, 1), folderIds,
        (await client.query<{ ids: number[] }>("SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM sys_dept")).rows[0].ids, n.policies,
        col(SURNAMES, 0), col(GIVEN, 0)],
    );
    const policyIds: number[] = policies.rows[0].ids;
    const policyLabels = await step(
      "bsc_policy_label",
      `INSERT INTO bsc_policy_label (policy_id, label_id)
       SELECT DISTINCT p.id, ($2::int[])[${ix("p.n * 4 + k", 121, "cardinality($2::int[])")}]
       FROM unnest($1::int[]) WITH ORDINALITY AS p(id, n), generate_series(1, 3) AS k
       WHERE pg_temp.r(p.n * 4 + k, 120) < 0.55`,
      [policyIds, labelIds],
    );

    {
      const t = Date.now();
      for (const ix of secondary) await client.query(ix.def);
      log(`  ${secondary.length} indexes built again: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }

    const counts = {
      ...n,
      folders: folderIds.length,
      labels: labelIds.length,
      policyLabels: policyLabels.rowCount ?? 0,
      userRoles: 0,
    };
    counts.userRoles = Number((await client.query("SELECT count(*) AS c FROM sys_user_role WHERE user_id = ANY($1::int[])", [userIds])).rows[0].c);
    const marker = { scale, seed, counts, at: new Date().toISOString() };
    await client.query("INSERT INTO sys_meta (key, value, flag) VALUES ($1, $2, true)", [SEED_LARGE_KEY, JSON.stringify(marker)]);
    await client.query("COMMIT");
    const t = Date.now();
    // VACUUM too (outside the transaction): it sets the visibility map, so counts over the new rows
    // are index-only scans from the start, as they are once autovacuum has passed
    for (const table of ["md_employee", "md_upn", "md_nmpa_certificate", "sys_user", "sys_user_role", "personal_task", "bsc_folder", "bsc_label", "bsc_policy", "bsc_policy_label"])
      await client.query(`VACUUM (ANALYZE) ${table}`);
    log(`  VACUUM (ANALYZE): ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return { added: true, counts, ms: Date.now() - started, marker };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  }
}

// ------------------------------------------------------------------------------------- CLI

async function main() {
  const args = parseArgs({ databaseUrl: "", dataDir: "", scale: 1, seed: 20261123, force: false });
  if (process.env.NODE_ENV === "production" && !args.force)
    throw new Error("NODE_ENV is production: the large seed adds 20,000 users and a million tasks. Pass --force if this is really meant.");
  const url = args.databaseUrl || process.env.DATABASE_URL || (await embeddedUrl(args.dataDir || process.env.DATA_DIR || "./data").catch((e: Error) => {
    throw new Error(`${e.message}: start the server first (npm start), or pass --database-url URL.`);
  }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    console.log(`seed:large: scale ${args.scale}, seed ${args.seed}`);
    const res = await seedLarge(client, { scale: args.scale, seed: args.seed, log: console.log });
    if (!res.added) {
      console.log(`seed:large: already there (added ${String(res.marker.at)}, scale ${String(res.marker.scale)}); nothing to do.`);
      return;
    }
    console.log(`seed:large: done in ${(res.ms / 1000).toFixed(1)} s`);
    for (const [k, v] of Object.entries(res.counts)) console.log(`  ${k.padEnd(14)} ${v.toLocaleString("en")}`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
