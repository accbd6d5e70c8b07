import type { Db } from "../../db/client.ts";
import { campaignDetail, peopleRows, peopleWhere, personOf, progressOf } from "./campaignViews.ts";

// Issue 24: a campaign as an Excel workbook for an inspector or a manager: one sheet of people
// (account, name, department, state, acknowledged at, the signature's printed name, meaning, time
// and content hash) and one of the figures per department. The server knows no reader language, so
// the header rows carry both (as the import templates' notes do); values are stored values.

const STATE = { done: "已完成 Done", pending: "待完成 Pending", overdue: "已逾期 Overdue" } as const;
const MEANING = { readUnderstood: "已阅读并理解 Read and understood", approved: "批准 Approved", reviewed: "审阅 Reviewed" } as const;

export async function exportRows(db: Db, id: number) {
  const campaign = await campaignDetail(db, id);
  const [progress, rows] = await Promise.all([progressOf(db, id), peopleRows(db, peopleWhere(id, campaign.dueDate, {}))]);
  const people: (string | number)[][] = [
    ["账号 Account", "姓名 Name", "部门 Department", "状态 State", "确认时间 Acknowledged at", "签名人 Signed by", "签名含义 Meaning", "签名时间 Signed at", "时区 Time zone", "内容哈希 Content hash (SHA-256)"],
  ];
  for (const r of rows) {
    const p = personOf(r, campaign.dueDate);
    const s = p.signature;
    people.push([p.userName, p.realName, p.deptName ?? "", STATE[p.state], p.doneAt ?? "", s?.printedName ?? "", s ? MEANING[s.meaning] : "", s?.signedAt ?? "", s?.timeZone ?? "", s?.contentHash ?? ""]);
  }
  const figures: (string | number)[][] = [["部门 Department", "总数 Total", "已完成 Done", "待完成 Pending", "已逾期 Overdue"]];
  for (const d of progress.departments) figures.push([d.deptName ?? "（无部门）(no department)", d.total, d.done, d.pending, d.overdue]);
  figures.push(["合计 All", progress.total, progress.done, progress.pending, progress.overdue]);
  const about: (string | number)[][] = [
    ["项目 Item", "值 Value"],
    ["活动 Campaign", campaign.title],
    ["政策 Policy", campaign.policyTitle],
    ["版本 Version", campaign.versionNumber],
    ["内容哈希 Content hash (SHA-256)", campaign.contentHash],
    ["截止日期 Due date", campaign.dueDate],
    ["需要签名 Signature required", campaign.signatureRequired ? "是 Yes" : "否 No"],
  ];
  return {
    title: campaign.title,
    sheets: [
      { name: "people", rows: people },
      { name: "departments", rows: figures },
      { name: "campaign", rows: about },
    ],
  };
}
