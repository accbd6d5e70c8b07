import { loadExcel } from "../sheetRows.ts";
import type { auditTrail } from "../../db/schema.ts";
import { timeWithZone } from "./filter.ts";

// Issue 24: the inspector export of the audit trail (21 CFR 11.10(b): accurate and complete copies
// in human readable and electronic form). Bilingual headers and words: it is read by inspectors,
// not by one user in one language. A signature entry's meaning, printed name, time and content hash
// get their own columns, so the signatures can be read without parsing JSON.

type Row = typeof auditTrail.$inferSelect;

const RECORD_TYPES: Record<string, string> = {
  policy: "Policy / 制度",
  policyVersion: "Policy version / 制度版本",
  privacyPolicy: "Privacy policy / 隐私政策",
  privacyAcceptance: "Privacy acceptance / 隐私政策同意",
  campaign: "Read campaign / 阅读任务",
  acknowledgement: "Acknowledgement / 阅读确认",
  signature: "Electronic signature / 电子签名",
  esignSetting: "E-signature setting / 电子签名设置",
  role: "Role / 角色",
  rolePermission: "Role permission / 角色权限",
  userRole: "User role / 用户角色",
  permission: "Menu or permission / 菜单或权限",
};
const ACTIONS: Record<string, string> = { create: "Create / 新建", change: "Change / 修改", delete: "Delete / 删除" };
const MEANINGS: Record<string, string> = {
  readUnderstood: "Read and understood / 已阅读并理解",
  approved: "Approved / 批准",
  reviewed: "Reviewed / 审核",
};

const HEADER = [
  "Entry / 序号", "Time / 时间", "Person / 操作人", "Person id / 操作人ID", "Operation / 操作", "Record type / 记录类型",
  "Record id / 记录ID", "Action / 动作", "Reason / 原因", "Before / 修改前 (JSON)", "After / 修改后 (JSON)",
  "Signature meaning / 签名含义", "Printed name / 签名人", "Signed at / 签名时间", "Signed content hash / 签名内容哈希",
  "Previous hash / 前一哈希", "Hash / 哈希",
];

const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));

function signatureColumns(r: Row): string[] {
  if (r.recordType !== "signature") return ["", "", "", ""];
  const s = (r.after ?? r.before ?? {}) as Record<string, unknown>;
  const meaning = String(s.meaning ?? "");
  return [MEANINGS[meaning] ?? meaning, String(s.printed_name ?? ""), String(s.signed_at ?? ""), String(s.content_hash ?? "")];
}

export const recordTypeWords = (t: string) => RECORD_TYPES[t] ?? t;

/** The workbook of the entries given (already filtered and capped by the caller). */
export async function auditTrailWorkbook(rows: Row[], filters: string): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet("Audit trail");
  ws.addRow(HEADER).font = { bold: true };
  for (const r of rows)
    ws.addRow([
      r.seq, timeWithZone(r.at), r.actorName, r.actorId ?? "", r.operation ?? "", recordTypeWords(r.recordType), r.recordId,
      ACTIONS[r.action] ?? r.action, r.reason ?? "", json(r.before), json(r.after), ...signatureColumns(r), r.prevHash, r.hash,
    ]);
  ws.columns.forEach((c, i) => (c.width = i === 9 || i === 10 ? 60 : i >= 14 ? 66 : 22));
  ws.views = [{ state: "frozen", ySplit: 1 }];
  const about = wb.addWorksheet("Filters");
  about.addRow(["Filters / 筛选条件", filters || "none / 无"]);
  about.addRow(["Entries / 条数", rows.length]);
  about.addRow(["Exported at / 导出时间", timeWithZone(new Date())]);
  about.getColumn(1).width = 24;
  about.getColumn(2).width = 80;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
