// The demo centres' shared vocabulary: departments, tags and what each area's seed gets.

/** Departments: a head office and its departments (name cn, name en). */
export const DEMO_DEPTS = [
  { key: "hq", deptName: "总部 Head Office", parent: null },
  { key: "quality", deptName: "质量部 Quality", parent: "hq" },
  { key: "regulatory", deptName: "法规事务部 Regulatory Affairs", parent: "hq" },
  { key: "sales", deptName: "销售部 Sales", parent: "hq" },
  { key: "cardiology", deptName: "心血管事业部 Cardiology", parent: "sales" },
  { key: "hr", deptName: "人力资源部 Human Resources", parent: "hq" },
  { key: "it", deptName: "信息技术部 IT", parent: "hq" },
  { key: "rd", deptName: "研发部 R&D", parent: "hq" },
  { key: "finance", deptName: "财务部 Finance", parent: "hq" },
] as const;
export type DemoDeptKey = (typeof DEMO_DEPTS)[number]["key"];

/** Tags (labels), used by apps, policies and departments' recommendations. */
export const DEMO_LABELS = [
  { key: "office", labelName: "办公", labelEnName: "Office" },
  { key: "hr", labelName: "人事", labelEnName: "HR" },
  { key: "finance", labelName: "财务", labelEnName: "Finance" },
  { key: "quality", labelName: "质量", labelEnName: "Quality" },
  { key: "regulatory", labelName: "法规", labelEnName: "Regulatory" },
  { key: "sales", labelName: "销售", labelEnName: "Sales" },
  { key: "it", labelName: "信息技术", labelEnName: "IT" },
  { key: "training", labelName: "培训", labelEnName: "Training" },
  { key: "safety", labelName: "安全", labelEnName: "Safety" },
  { key: "compliance", labelName: "合规", labelEnName: "Compliance" },
] as const;
export type DemoLabelKey = (typeof DEMO_LABELS)[number]["key"];

/** What each area's seed gets: the ids of the departments, tags and demo accounts by key. */
export interface CentresSeedContext {
  now: Date;
  deptIds: Record<DemoDeptKey, number>;
  labelIds: Record<DemoLabelKey, number>;
  /** Demo account ids by userName (admin, zhangwei, lina). */
  userIds: Record<string, number>;
}

/** The folder tree (name cn + en). The archive holds only hidden policies, so the help centre leaves it out. */
export const DEMO_FOLDERS = [
  { key: "quality", folderName: "质量体系 Quality System", parent: null },
  { key: "qmanual", folderName: "质量手册 Quality Manual", parent: "quality" },
  { key: "capa", folderName: "纠正与预防措施 CAPA", parent: "quality" },
  { key: "hr", folderName: "人事制度 HR Policies", parent: null },
  { key: "leave", folderName: "考勤与休假 Attendance & Leave", parent: "hr" },
  { key: "pay", folderName: "薪酬福利 Compensation & Benefits", parent: "hr" },
  { key: "it", folderName: "IT 指南 IT Guides", parent: null },
  { key: "reg", folderName: "法规 Regulatory", parent: null },
  { key: "registration", folderName: "产品注册 Product Registration", parent: "reg" },
  { key: "finance", folderName: "财务制度 Finance", parent: null },
  { key: "compliance", folderName: "合规与道德 Compliance & Ethics", parent: null },
  { key: "archive", folderName: "历史归档 Archive", parent: null },
] as const;
export type DemoFolderKey = (typeof DEMO_FOLDERS)[number]["key"];
