import type { Db } from "../client.ts";
import { deptLabels, folders, policies, policyLabels, policyVersions, talkShows, talkShowVotes } from "../schema.ts";
import { contentHashOf } from "../../lib/esign/sign.ts";
import { htmlToText } from "../../lib/html.ts";
import { DEMO_FOLDERS, type CentresSeedContext, type DemoDeptKey, type DemoFolderKey, type DemoLabelKey } from "./vocabulary.ts";
import { DEMO_POLICIES, HIDDEN_POLICIES, type DemoPolicy } from "./helpPolicies.ts";

// The help centre's demo data (folders, policies under tags, departments' recommended tags) and
// the complaints board's (complaints with replies and votes). Deterministic for a given `now`.
// The policy texts live in helpPolicies.ts.

// The folder tree is in vocabulary.ts (helpPolicies.ts names its folders too).
export { DEMO_FOLDERS, type DemoFolderKey };

/** Recommended tags per department (the help centre's "recommended"); departments not listed inherit or see all. */
const DEPT_TAGS: Partial<Record<DemoDeptKey, DemoLabelKey[]>> = {
  quality: ["quality", "regulatory", "safety"],
  regulatory: ["regulatory", "compliance", "quality"],
  sales: ["sales", "compliance", "training"],
  cardiology: ["sales", "regulatory", "training"],
  hr: ["hr", "training", "office"],
  it: ["it", "safety", "office"],
  finance: ["finance", "compliance"],
};

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A policy's rich text: a Chinese part and an English part, each with a heading, a summary and numbered points, and a bilingual table when it has one. */
export function policyHtml(p: DemoPolicy): string {
  const list = (items: readonly string[]) => `<ol>${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ol>`;
  const table = p.table
    ? `<table><thead><tr>${p.table.head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${p.table.rows
        .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`)
        .join("")}</tbody></table>`
    : "";
  return [
    `<h2>${esc(p.cn)}</h2>`,
    `<p>${esc(p.cnSummary)}</p>`,
    `<h3>主要要求</h3>`,
    list(p.cnPoints),
    table ? `<h3>标准 / Standards</h3>${table}` : "",
    `<p><em>如有疑问，请联系制度归口部门。</em></p>`,
    `<hr>`,
    `<h2>${esc(p.en)}</h2>`,
    `<p>${esc(p.enSummary)}</p>`,
    `<h3>Key requirements</h3>`,
    list(p.enPoints),
    `<p><em>Questions? Contact the department that owns this policy.</em></p>`,
  ].join("");
}

/** A complaint or reply of the demo board: author, text, days and hours before the seed, review state, votes. */
interface DemoTalk {
  by: "admin" | "zhangwei" | "lina";
  text: string;
  daysAgo: number;
  status?: 0 | 1 | 2;
  rejectReason?: string;
  votes?: Partial<Record<"admin" | "zhangwei" | "lina", 1 | 2>>;
  replies?: DemoTalk[];
}

const TALKS: DemoTalk[] = [
  {
    by: "zhangwei", daysAgo: 30, text: "报销系统每次上传发票都要重新登录，出差在外用手机非常不方便。",
    votes: { lina: 1, admin: 1 },
    replies: [
      { by: "admin", daysAgo: 29, text: "感谢反馈。移动端会话时长已从 15 分钟调整为 30 分钟，下个版本支持发票拍照直传。", votes: { zhangwei: 1, lina: 1 } },
      { by: "lina", daysAgo: 28, text: "+1，我上周在医院也遇到同样的问题。", votes: { zhangwei: 1 } },
    ],
  },
  {
    by: "lina", daysAgo: 27, text: "The meeting rooms on floor 5 are always booked by recurring meetings that nobody attends.",
    votes: { zhangwei: 1, admin: 1 },
    replies: [{ by: "admin", daysAgo: 26, text: "Recurring bookings without a check-in for two weeks will now be released automatically.", votes: { lina: 1 } }],
  },
  {
    by: "zhangwei", daysAgo: 25, text: "食堂午餐的素食选择太少了，能否每天至少提供两种？", votes: { lina: 1, admin: 2 },
    replies: [{ by: "lina", daysAgo: 24, text: "支持！周三的素食窗口经常 12 点前就卖完了。" }],
  },
  {
    by: "admin", daysAgo: 23, text: "欢迎大家在这里吐槽办公环境和流程问题，管理员会在三个工作日内回复。Feel free to raise any workplace issue here; we reply within three working days.",
    votes: { zhangwei: 1, lina: 1 },
  },
  {
    by: "lina", daysAgo: 21, text: "质量文件的审批流程要经过 6 个节点，一份 SOP 修订平均要等两周。", votes: { zhangwei: 1 },
    replies: [
      { by: "admin", daysAgo: 20, text: "已与质量部沟通，低风险的文字修订将改为 3 个节点审批。", votes: { lina: 1 } },
      { by: "zhangwei", daysAgo: 19, text: "销售用的产品资料也有同样的问题。", votes: { lina: 1 } },
    ],
  },
  {
    by: "zhangwei", daysAgo: 18, text: "The VPN disconnects every 20 minutes when I work from customer sites.", votes: { lina: 1 },
    replies: [{ by: "admin", daysAgo: 17, text: "Please update the VPN client to 5.2; the idle timeout bug is fixed there (see the VPN guide in the help centre).", votes: { zhangwei: 1 } }],
  },
  { by: "lina", daysAgo: 16, text: "停车场晚上 8 点以后照明不足，加班离开时有安全隐患。", votes: { zhangwei: 1, admin: 1 } },
  {
    by: "zhangwei", daysAgo: 14, text: "培训平台的视频在公司网络下经常卡顿。", votes: { admin: 2 },
    replies: [{ by: "lina", daysAgo: 13, text: "可以先下载离线课件，在学习页面右上角。", votes: { zhangwei: 1 } }],
  },
  { by: "lina", daysAgo: 12, text: "Coffee machine on floor 3 has been broken for a week.", votes: { zhangwei: 1 } },
  {
    by: "zhangwei", daysAgo: 10, text: "差旅标准里二线城市住宿上限 450 元，旺季根本订不到合规酒店。", votes: { lina: 1, admin: 1 },
    replies: [
      { by: "admin", daysAgo: 9, text: "财务部正在评估旺季上浮 20% 的方案，结果会在差旅制度中更新。" },
      { by: "lina", daysAgo: 8, text: "希望也能考虑展会期间的特殊情况。", status: 0 },
    ],
  },
  { by: "lina", daysAgo: 7, text: "打印机扫描到邮箱的功能经常失败，提示附件过大。" },
  { by: "admin", daysAgo: 6, text: "系统将于本周六 22:00-24:00 维护，期间门户暂停服务。Portal maintenance this Saturday 22:00-24:00.", votes: { zhangwei: 1 } },
  {
    by: "zhangwei", daysAgo: 5, text: "The new expense categories are confusing: which one is for customer dinners?", votes: { lina: 1 },
    replies: [{ by: "admin", daysAgo: 4, text: "Use \"Business entertainment\"; the travel expense policy has the full list.", votes: { zhangwei: 1 } }],
  },
  { by: "lina", daysAgo: 4, text: "空调温度设置太低，很多同事都穿着外套办公。", votes: { zhangwei: 1 } },
  { by: "zhangwei", daysAgo: 3, text: "这个破系统谁设计的，简直浪费时间！！！", status: 2, rejectReason: "请具体描述遇到的问题，以便相关部门跟进。Please describe the issue so the team can follow up." },
  { by: "zhangwei", daysAgo: 2, text: "希望门户首页可以自定义常用应用的排序。", status: 0 },
  { by: "lina", daysAgo: 1, text: "Could the help centre show when a policy was last updated?", status: 0 },
];

export async function seedDemoHelp(db: Db, ctx: CentresSeedContext): Promise<void> {
  const { now, deptIds, labelIds, userIds } = ctx;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000);

  const folderIds = {} as Record<DemoFolderKey, number>;
  for (const [i, f] of DEMO_FOLDERS.entries()) {
    const [row] = await db
      .insert(folders)
      .values({ folderName: f.folderName, parentId: f.parent ? folderIds[f.parent] : null, sort: i, createTime: ago(120) })
      .returning({ id: folders.id });
    folderIds[f.key] = row.id;
  }

  const all = [...DEMO_POLICIES.map((p) => ({ ...p, status: 4 as const, visibility: 1 as const })), ...HIDDEN_POLICIES];
  const rows = await db
    .insert(policies)
    .values(
      all.map((p, i) => {
        const content = policyHtml(p);
        return {
          title: `${p.cn} ${p.en}`,
          keyword: p.keyword,
          status: p.status,
          visibility: p.visibility,
          reviewFlag: p.status === 4 ? (1 as const) : (0 as const),
          versionNumber: p.version,
          content,
          contentText: htmlToText(content),
          deptId: deptIds[p.dept],
          creatorId: userIds[p.dept === "quality" || p.dept === "regulatory" ? "lina" : "admin"] ?? null,
          folderId: folderIds[p.folder],
          createTime: ago(90 - i * 2, i % 7),
          updateTime: ago(60 - i, i % 5),
        };
      }),
    )
    .returning({ id: policies.id, keyword: policies.keyword, status: policies.status, title: policies.title, content: policies.content, versionNumber: policies.versionNumber });
  const policyId = Object.fromEntries(rows.map((r) => [r.keyword, r.id]));
  // Issue 24: an approved policy has its published version (what campaigns ask to read), as an
  // approval through the API writes it (lib/compliance/policyVersions.ts).
  await db.insert(policyVersions).values(
    rows
      .filter((r) => r.status === 4)
      .map((r) => ({ policyId: r.id, versionNumber: r.versionNumber, title: r.title, content: r.content, contentHash: contentHashOf(r.content), approvedAt: ago(60) })),
  );
  await db.insert(policyLabels).values(all.flatMap((p) => p.labels.map((l) => ({ policyId: policyId[p.keyword], labelId: labelIds[l] }))));

  await db.insert(deptLabels).values(
    Object.entries(DEPT_TAGS).flatMap(([dept, tags]) => tags.map((l) => ({ deptId: deptIds[dept as DemoDeptKey], labelId: labelIds[l] }))),
  );

  // Complaints first (their ids are the replies' parents), then replies, then votes. They need the three demo accounts.
  if (!userIds.admin || !userIds.zhangwei || !userIds.lina) return;
  const checked = (t: DemoTalk, hours: number) => {
    const status = t.status ?? 1;
    return {
      content: t.text,
      userId: userIds[t.by],
      reviewStatus: status,
      rejectReason: status === 2 ? t.rejectReason! : null,
      checkerId: status === 0 ? null : userIds.admin,
      checkTime: status === 0 ? null : ago(t.daysAgo, hours - 2),
      createTime: ago(t.daysAgo, hours),
    };
  };
  const complaints = await db
    .insert(talkShows)
    .values(TALKS.map((t, i) => checked(t, (i * 5) % 9)))
    .returning({ id: talkShows.id });
  const replyRows = TALKS.flatMap((t, i) => (t.replies ?? []).map((r, j) => ({ talk: r, parentId: complaints[i].id, hours: (i + j * 3) % 8 })));
  const replies = await db
    .insert(talkShows)
    .values(replyRows.map((r) => ({ ...checked(r.talk, r.hours), parentId: r.parentId })))
    .returning({ id: talkShows.id });
  const votes = [
    ...TALKS.map((t, i) => ({ votes: t.votes, id: complaints[i].id })),
    ...replyRows.map((r, i) => ({ votes: r.talk.votes, id: replies[i].id })),
  ].flatMap(({ votes: v, id }) =>
    Object.entries(v ?? {}).map(([by, vote]) => ({ talkShowId: id, userId: userIds[by], vote })),
  );
  await db.insert(talkShowVotes).values(votes.filter((v) => v.userId !== undefined));
}
