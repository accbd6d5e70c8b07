import type { DemoDeptKey, DemoLabelKey } from "./vocabulary.ts";
import type { DemoFolderKey } from "./vocabulary.ts";

// The demo policies and knowledge items of the help centre (help.ts turns each into bilingual
// rich text: headings, numbered points and, for some, a table). DEMO_POLICIES are published
// (approved, visible); HIDDEN_POLICIES are drafts, in review, rejected or hidden and must never
// show in the help centre.

export interface DemoPolicy {
  keyword: string;
  folder: DemoFolderKey;
  dept: DemoDeptKey;
  labels: DemoLabelKey[];
  version: string;
  cn: string;
  en: string;
  cnSummary: string;
  enSummary: string;
  cnPoints: string[];
  enPoints: string[];
  table?: { head: string[]; rows: string[][] };
}

const p = (x: Omit<DemoPolicy, "version"> & { version?: string }): DemoPolicy => ({ version: "1.0.0", ...x });

export const DEMO_POLICIES: DemoPolicy[] = [
  p({
    keyword: "qms-manual", folder: "qmanual", dept: "quality", labels: ["quality"], version: "3.2.0",
    cn: "质量手册总则", en: "Quality Manual - General Principles",
    cnSummary: "本手册依据 ISO 13485:2016 与《医疗器械生产质量管理规范》建立公司质量管理体系，适用于设计开发、生产、销售与售后服务全过程。",
    enSummary: "This manual sets up the company's quality management system under ISO 13485:2016 and the Chinese GMP for medical devices, covering design, production, sales and service.",
    cnPoints: ["最高管理者每年至少主持一次管理评审。", "各部门负责人是本部门质量目标的第一责任人。", "体系文件分四级管理，任何变更须经文件控制程序。"],
    enPoints: ["Top management chairs a management review at least once a year.", "Each department head owns the quality objectives of the department.", "System documents have four levels; every change goes through document control."],
    table: { head: ["层级 Level", "文件类型 Document type", "批准人 Approver"], rows: [["一级 1", "质量手册 Quality manual", "总经理 General manager"], ["二级 2", "程序文件 Procedures", "管理者代表 Management representative"], ["三级 3", "作业指导书 Work instructions", "部门经理 Department manager"], ["四级 4", "记录表单 Records and forms", "部门经理 Department manager"]] },
  }),
  p({
    keyword: "doc-control", folder: "qmanual", dept: "quality", labels: ["quality", "compliance"], version: "2.1.0",
    cn: "文件控制程序", en: "Document Control Procedure",
    cnSummary: "规定受控文件的编制、审核、批准、发放、修订和作废要求，确保使用现场始终为有效版本。",
    enSummary: "Defines how controlled documents are written, reviewed, approved, issued, revised and withdrawn, so that only current versions are in use.",
    cnPoints: ["文件编号规则：部门代码-类别-流水号。", "修订须说明变更原因并评估对产品的影响。", "作废文件须加盖“作废”章并保留至少 10 年。"],
    enPoints: ["Numbering: department code - category - serial number.", "A revision states its reason and assesses the impact on products.", "Withdrawn documents are stamped obsolete and kept at least 10 years."],
  }),
  p({
    keyword: "internal-audit", folder: "qmanual", dept: "quality", labels: ["quality"],
    cn: "内部审核程序", en: "Internal Audit Procedure",
    cnSummary: "每年对质量管理体系的所有过程至少审核一次，审核员不得审核本部门工作。",
    enSummary: "Every process of the quality system is audited at least once a year; auditors never audit their own department.",
    cnPoints: ["年度审核计划于每年 1 月发布。", "不符合项须在 30 天内提交纠正措施。", "审核报告提交管理评审。"],
    enPoints: ["The annual audit plan is published in January.", "Nonconformities get a corrective action within 30 days.", "Audit reports feed the management review."],
    table: { head: ["季度 Quarter", "审核范围 Scope"], rows: [["Q1", "设计开发 Design and development"], ["Q2", "采购与供应商 Purchasing and suppliers"], ["Q3", "生产与检验 Production and inspection"], ["Q4", "销售与售后 Sales and service"]] },
  }),
  p({
    keyword: "supplier-quality", folder: "qmanual", dept: "quality", labels: ["quality"],
    cn: "供应商质量管理", en: "Supplier Quality Management",
    cnSummary: "对关键原材料和外包过程的供应商实施准入评估、年度评价与分级管理。",
    enSummary: "Suppliers of critical materials and outsourced processes are qualified, rated yearly and managed by grade.",
    cnPoints: ["新供应商须完成问卷与现场审核。", "年度评价低于 70 分的供应商进入观察名单。", "质量协议每三年复审一次。"],
    enPoints: ["New suppliers complete a questionnaire and an on-site audit.", "Suppliers rated below 70 go on the watch list.", "Quality agreements are reviewed every three years."],
  }),
  p({
    keyword: "capa-procedure", folder: "capa", dept: "quality", labels: ["quality", "regulatory"], version: "2.0.1",
    cn: "纠正与预防措施程序", en: "CAPA Procedure",
    cnSummary: "对投诉、审核发现、不良趋势等来源的问题进行根本原因分析，制定并验证纠正与预防措施。",
    enSummary: "Problems from complaints, audits and adverse trends get a root-cause analysis and verified corrective and preventive actions.",
    cnPoints: ["使用 5 Why 或鱼骨图进行原因分析。", "措施完成后 90 天内验证有效性。", "CAPA 状态每月在质量例会通报。"],
    enPoints: ["Use 5 Whys or a fishbone diagram for the root cause.", "Effectiveness is verified within 90 days of completion.", "CAPA status is reported at the monthly quality meeting."],
  }),
  p({
    keyword: "nonconforming", folder: "capa", dept: "quality", labels: ["quality", "safety"],
    cn: "不合格品控制", en: "Control of Nonconforming Product",
    cnSummary: "发现不合格品时立即标识、隔离并评审处置，防止非预期使用或交付。",
    enSummary: "Nonconforming product is labelled, segregated and dispositioned at once so it is never used or shipped by mistake.",
    cnPoints: ["不合格品须存放于红色隔离区。", "让步接收须经质量负责人批准。", "已发货产品的不合格须启动召回评估。"],
    enPoints: ["Keep nonconforming product in the red quarantine area.", "Use-as-is needs the quality head's approval.", "Nonconformity of shipped product triggers a recall assessment."],
  }),
  p({
    keyword: "complaint-handling", folder: "capa", dept: "quality", labels: ["quality", "regulatory", "sales"],
    cn: "客户投诉处理", en: "Customer Complaint Handling",
    cnSummary: "所有员工收到与产品质量、安全有关的客户反馈时，须在 24 小时内录入投诉系统。",
    enSummary: "Any employee who hears customer feedback on product quality or safety enters it in the complaint system within 24 hours.",
    cnPoints: ["记录产品型号、批号、发生时间与经过。", "涉及患者伤害的投诉同步通知法规部。", "调查结论须在 30 天内回复客户。"],
    enPoints: ["Record model, lot number, date and what happened.", "Complaints involving patient harm also go to Regulatory Affairs.", "Customers get the investigation result within 30 days."],
  }),
  p({
    keyword: "adverse-event", folder: "capa", dept: "regulatory", labels: ["quality", "regulatory", "safety"], version: "1.3.0",
    cn: "不良事件报告指南", en: "Adverse Event Reporting Guide",
    cnSummary: "依据《医疗器械不良事件监测和再评价管理办法》，明确可疑不良事件的上报时限与流程。",
    enSummary: "Sets the deadlines and steps for reporting suspected adverse events under the Chinese adverse event monitoring regulation.",
    cnPoints: ["知悉事件后立即告知法规事务部。", "不得自行与医疗机构讨论事件原因。", "保留全部沟通记录。"],
    enPoints: ["Tell Regulatory Affairs as soon as you learn of the event.", "Never discuss the cause with the hospital on your own.", "Keep every record of the communication."],
    table: { head: ["事件类型 Event type", "上报时限 Deadline"], rows: [["导致死亡 Death", "7 日 7 days"], ["严重伤害 Serious injury", "20 日 20 days"], ["群体不良事件 Cluster event", "12 小时 12 hours"]] },
  }),
  p({
    keyword: "annual-leave", folder: "leave", dept: "hr", labels: ["hr", "office"], version: "2.0.0",
    cn: "年假管理规定", en: "Annual Leave Policy",
    cnSummary: "员工按累计工作年限享受带薪年休假，年假应在当年休完，特殊情况可延至次年 3 月 31 日。",
    enSummary: "Employees get paid annual leave by total years of service; leave is taken within the year or by 31 March of the next year at the latest.",
    cnPoints: ["年假需提前 3 个工作日在系统中申请。", "连续休假超过 5 天需部门总监批准。", "离职时未休年假按规定折算。"],
    enPoints: ["Apply in the system three working days ahead.", "More than five days in a row needs the director's approval.", "Untaken leave is paid out on leaving as the law requires."],
    table: { head: ["累计工作年限 Years of service", "年假天数 Days"], rows: [["1-10 年 years", "5 + 公司福利 2 company bonus"], ["10-20 年 years", "10 + 公司福利 2 company bonus"], ["20 年以上 20+ years", "15 + 公司福利 2 company bonus"]] },
  }),
  p({
    keyword: "attendance", folder: "leave", dept: "hr", labels: ["hr"],
    cn: "考勤管理制度", en: "Attendance Policy",
    cnSummary: "公司实行弹性工作时间，核心工作时间为 10:00-16:00。",
    enSummary: "Working hours are flexible with core hours from 10:00 to 16:00.",
    cnPoints: ["每日工作满 8 小时。", "外勤人员通过移动端打卡。", "忘记打卡每月可补签 3 次。"],
    enPoints: ["Work eight hours a day.", "Field staff clock in on the mobile app.", "Up to three missed clock-ins a month can be corrected."],
  }),
  p({
    keyword: "remote-work", folder: "leave", dept: "hr", labels: ["hr", "it", "office"],
    cn: "远程办公指引", en: "Remote Work Guideline",
    cnSummary: "经主管批准，员工每周可远程办公最多 2 天，须保证在线沟通与信息安全。",
    enSummary: "With the manager's approval, employees may work remotely up to two days a week, staying reachable and keeping information secure.",
    cnPoints: ["远程办公须连接公司 VPN。", "不得在公共场所处理机密资料。", "核心时间内保持即时通讯在线。"],
    enPoints: ["Connect through the company VPN.", "Never handle confidential material in public places.", "Stay online in chat during core hours."],
  }),
  p({
    keyword: "sick-leave", folder: "leave", dept: "hr", labels: ["hr"],
    cn: "病假与医疗期", en: "Sick Leave and Medical Period",
    cnSummary: "员工因病需休息时，凭二级及以上医院证明申请病假，医疗期按国家规定执行。",
    enSummary: "Sick leave is granted with a certificate from a grade-two or higher hospital; the medical period follows national rules.",
    cnPoints: ["当日病假须在上班前告知主管。", "病假 3 天以上须上传诊断证明。", "每年前 5 天病假全薪。"],
    enPoints: ["Tell your manager before the start of the day.", "Upload a medical certificate for more than three days.", "The first five sick days a year are fully paid."],
  }),
  p({
    keyword: "payroll", folder: "pay", dept: "finance", labels: ["hr", "finance"],
    cn: "薪资发放说明", en: "Payroll Guide",
    cnSummary: "工资于每月 10 日发放至员工工资卡，遇节假日提前。",
    enSummary: "Salaries are paid to the payroll account on the 10th of each month, earlier when it falls on a holiday.",
    cnPoints: ["工资条通过门户“我的薪资”查看。", "个人所得税由公司代扣代缴。", "对工资有疑问请在发放后 5 个工作日内反馈。"],
    enPoints: ["See your payslip under My Salary in the portal.", "Individual income tax is withheld by the company.", "Raise questions within five working days of payment."],
    table: { head: ["项目 Item", "说明 Notes"], rows: [["基本工资 Base salary", "按月固定 Fixed monthly"], ["绩效奖金 Performance bonus", "按季度 Quarterly"], ["社保公积金 Social insurance", "按当地标准 Local rates"]] },
  }),
  p({
    keyword: "benefits", folder: "pay", dept: "hr", labels: ["hr"],
    cn: "员工福利手册", en: "Employee Benefits Handbook",
    cnSummary: "介绍补充医疗保险、年度体检、节日礼金等员工福利。",
    enSummary: "Covers supplementary medical insurance, the annual health check, holiday gifts and other benefits.",
    cnPoints: ["补充医疗保险覆盖员工及子女。", "年度体检在每年 4-6 月预约。", "生日当月享受生日假半天。"],
    enPoints: ["Supplementary insurance covers employees and their children.", "Book the annual health check between April and June.", "Take half a day off in your birthday month."],
  }),
  p({
    keyword: "onboarding", folder: "pay", dept: "hr", labels: ["hr", "training"],
    cn: "新员工入职指南", en: "New Hire Onboarding Guide",
    cnSummary: "帮助新员工在第一周完成入职手续、系统开通与必修培训。",
    enSummary: "Helps new hires finish paperwork, system access and mandatory training in their first week.",
    cnPoints: ["第一天领取电脑与门禁卡。", "一周内完成合规与信息安全在线课程。", "试用期目标由主管在两周内设定。"],
    enPoints: ["Collect your laptop and badge on day one.", "Finish the compliance and security courses within a week.", "Your manager sets probation goals within two weeks."],
  }),
  p({
    keyword: "training-policy", folder: "pay", dept: "hr", labels: ["training", "hr"],
    cn: "培训与发展制度", en: "Training and Development Policy",
    cnSummary: "公司为员工提供岗位必修培训、领导力课程与外部学习资助。",
    enSummary: "The company provides role training, leadership programmes and funding for external learning.",
    cnPoints: ["每人每年不少于 40 学时。", "外部培训费用超过 5000 元须签订服务期协议。", "培训记录自动同步至学习平台。"],
    enPoints: ["At least 40 learning hours per person a year.", "External courses over 5,000 yuan need a service agreement.", "Training records sync to the learning platform."],
  }),
  p({
    keyword: "password-policy", folder: "it", dept: "it", labels: ["it", "safety"], version: "1.2.0",
    cn: "账号与密码安全规范", en: "Account and Password Security",
    cnSummary: "规定公司系统账号的密码强度、更换周期与多因素认证要求。",
    enSummary: "Sets password strength, rotation and multi-factor authentication rules for company accounts.",
    cnPoints: ["密码至少 12 位，包含大小写字母、数字和符号。", "禁止在多个系统使用相同密码。", "发现账号异常立即联系 IT 服务台。"],
    enPoints: ["At least 12 characters with upper and lower case, digits and symbols.", "Never reuse a password across systems.", "Report unusual account activity to the IT service desk at once."],
    table: { head: ["账号类型 Account", "更换周期 Rotation", "多因素认证 MFA"], rows: [["普通员工 Staff", "180 天 days", "VPN 必须 Required for VPN"], ["管理员 Administrator", "90 天 days", "必须 Required"], ["服务账号 Service", "365 天 days", "不适用 N/A"]] },
  }),
  p({
    keyword: "vpn-guide", folder: "it", dept: "it", labels: ["it"], version: "5.2.0",
    cn: "VPN 远程接入指南", en: "VPN Remote Access Guide",
    cnSummary: "介绍 VPN 客户端的安装、登录与常见问题处理。",
    enSummary: "How to install the VPN client, sign in and fix common problems.",
    cnPoints: ["从软件中心安装 5.2 及以上版本客户端。", "使用门户账号与手机验证码登录。", "断线频繁时请先升级客户端。"],
    enPoints: ["Install client 5.2 or later from the software centre.", "Sign in with your portal account and a phone code.", "If it keeps disconnecting, update the client first."],
  }),
  p({
    keyword: "email-guide", folder: "it", dept: "it", labels: ["it", "office"],
    cn: "企业邮箱使用指南", en: "Corporate Email Guide",
    cnSummary: "企业邮箱的容量、外发限制与移动端配置说明。",
    enSummary: "Mailbox quota, external sending limits and mobile setup of the corporate email.",
    cnPoints: ["邮箱容量 50 GB。", "单封邮件附件不超过 25 MB，大文件请用网盘分享。", "手机端请使用 Outlook 应用。"],
    enPoints: ["Mailbox quota is 50 GB.", "Attachments up to 25 MB; share larger files from the drive.", "Use the Outlook app on phones."],
  }),
  p({
    keyword: "laptop-policy", folder: "it", dept: "it", labels: ["it"],
    cn: "笔记本电脑使用与归还", en: "Laptop Use and Return",
    cnSummary: "公司笔记本电脑的领用、保管、维修与离职归还要求。",
    enSummary: "How company laptops are issued, looked after, repaired and returned on leaving.",
    cnPoints: ["禁止安装未经授权的软件。", "丢失须在 24 小时内报告 IT 与行政。", "离职最后一个工作日归还电脑及配件。"],
    enPoints: ["Never install unauthorised software.", "Report a loss to IT and Admin within 24 hours.", "Return the laptop and accessories on your last day."],
  }),
  p({
    keyword: "phishing", folder: "it", dept: "it", labels: ["it", "safety", "training"],
    cn: "防范网络钓鱼", en: "Phishing Awareness",
    cnSummary: "识别钓鱼邮件的常见特征，以及收到可疑邮件后的正确处理方法。",
    enSummary: "Common signs of phishing and what to do with a suspicious email.",
    cnPoints: ["警惕要求紧急付款或修改收款账户的邮件。", "不要点击来源不明的链接或附件。", "使用邮箱中的“报告钓鱼”按钮上报。"],
    enPoints: ["Be wary of urgent payment or bank-detail change requests.", "Do not open unknown links or attachments.", "Use the Report Phishing button in the mailbox."],
  }),
  p({
    keyword: "data-classification", folder: "it", dept: "it", labels: ["it", "compliance"],
    cn: "数据分类分级规范", en: "Data Classification Standard",
    cnSummary: "公司数据分为公开、内部、机密和绝密四级，按级别采取保护措施。",
    enSummary: "Company data has four levels - public, internal, confidential and secret - each with its own protection.",
    cnPoints: ["机密及以上数据外发须加密。", "患者数据属于绝密级。", "数据所有者每年复核一次分级。"],
    enPoints: ["Encrypt confidential or secret data sent outside.", "Patient data is secret.", "Data owners review the classification yearly."],
    table: { head: ["级别 Level", "示例 Example"], rows: [["公开 Public", "产品宣传册 Brochures"], ["内部 Internal", "组织架构 Org charts"], ["机密 Confidential", "价格与合同 Prices and contracts"], ["绝密 Secret", "患者数据 Patient data"]] },
  }),
  p({
    keyword: "nmpa-registration", folder: "registration", dept: "regulatory", labels: ["regulatory"], version: "2.3.0",
    cn: "医疗器械注册流程", en: "NMPA Device Registration Process",
    cnSummary: "说明二类、三类医疗器械首次注册、变更注册与延续注册的流程和时限。",
    enSummary: "Steps and timelines for first, change and renewal registration of class II and III medical devices.",
    cnPoints: ["延续注册须在证书到期前 6 个月提交。", "注册检验报告须由有资质的检验机构出具。", "变更事项须先评估是否需要变更注册。"],
    enPoints: ["File renewals six months before the certificate expires.", "Type test reports come from a qualified laboratory.", "Assess every change for whether it needs a change registration."],
    table: { head: ["类别 Class", "审批部门 Authority", "法定时限 Statutory time"], rows: [["一类 I", "市级备案 City filing", "即时 Immediate"], ["二类 II", "省药监局 Provincial MPA", "60 个工作日 working days"], ["三类 III", "国家药监局 NMPA", "90 个工作日 working days"]] },
  }),
  p({
    keyword: "labeling", folder: "registration", dept: "regulatory", labels: ["regulatory", "quality"],
    cn: "标签与说明书管理", en: "Labeling and IFU Management",
    cnSummary: "产品标签和说明书须与注册证载明内容一致，任何修改须经法规审核。",
    enSummary: "Labels and instructions for use must match the registration certificate; every change passes a regulatory review.",
    cnPoints: ["中文说明书须包含注册证编号。", "标签变更须提前评估库存处理方案。", "市场材料不得超出批准的适用范围。"],
    enPoints: ["The Chinese IFU shows the registration number.", "Plan how existing stock is handled before a label change.", "Marketing material never goes beyond the approved indications."],
  }),
  p({
    keyword: "udi", folder: "registration", dept: "regulatory", labels: ["regulatory", "sales"],
    cn: "UDI 实施指南", en: "UDI Implementation Guide",
    cnSummary: "医疗器械唯一标识（UDI）的赋码、数据上传与经销商扫码要求。",
    enSummary: "How unique device identifiers are assigned, uploaded to the database and scanned by distributors.",
    cnPoints: ["每个最小销售单元须有 UDI。", "产品上市前完成数据库上传。", "经销商出入库须扫码记录。"],
    enPoints: ["Every smallest sales unit carries a UDI.", "Upload the data before the product is launched.", "Distributors scan every movement in and out."],
  }),
  p({
    keyword: "post-market", folder: "registration", dept: "regulatory", labels: ["regulatory", "quality", "safety"],
    cn: "上市后监督", en: "Post-market Surveillance",
    cnSummary: "持续收集和分析上市产品的安全与性能数据，按年度撰写定期风险评价报告。",
    enSummary: "Safety and performance data of marketed products are collected and analysed continuously, with a periodic risk evaluation report every year.",
    cnPoints: ["数据来源包括投诉、不良事件与文献。", "趋势超出阈值时启动 CAPA。", "报告提交管理评审。"],
    enPoints: ["Sources include complaints, adverse events and literature.", "A trend above its threshold opens a CAPA.", "Reports go to the management review."],
  }),
  p({
    keyword: "travel-expense", folder: "finance", dept: "finance", labels: ["finance", "office"], version: "4.0.0",
    cn: "差旅费用报销制度", en: "Travel Expense Policy",
    cnSummary: "规范国内出差的交通、住宿与餐补标准及报销流程。",
    enSummary: "Standards for transport, hotels and meal allowances on domestic trips, and how to claim them.",
    cnPoints: ["出差前在系统提交出差申请。", "发票须在行程结束后 30 天内提交。", "客户招待请选择“业务招待费”类别。"],
    enPoints: ["Submit a travel request in the system before the trip.", "Claim within 30 days of the trip's end.", "Customer dinners go under Business entertainment."],
    table: { head: ["城市 City", "住宿上限/晚 Hotel per night", "餐补/天 Meals per day"], rows: [["一线 Tier 1", "650 元 yuan", "150 元 yuan"], ["二线 Tier 2", "450 元 yuan", "120 元 yuan"], ["其他 Other", "350 元 yuan", "100 元 yuan"]] },
  }),
  p({
    keyword: "procurement", folder: "finance", dept: "finance", labels: ["finance"],
    cn: "采购审批流程", en: "Procurement Approval",
    cnSummary: "按金额分级审批采购申请，超过 5 万元须三家比价。",
    enSummary: "Purchase requests are approved by amount; above 50,000 yuan three quotes are needed.",
    cnPoints: ["采购申请须在下单前批准。", "禁止拆分订单规避审批。", "合同须经法务审核。"],
    enPoints: ["Approval comes before the order.", "Never split orders to avoid approval.", "Contracts are reviewed by Legal."],
  }),
  p({
    keyword: "petty-cash", folder: "finance", dept: "finance", labels: ["finance"],
    cn: "备用金管理", en: "Petty Cash Management",
    cnSummary: "部门备用金的申领、使用与月度核销要求。",
    enSummary: "How department petty cash is requested, used and reconciled every month.",
    cnPoints: ["备用金上限 5000 元。", "每月 25 日前完成核销。", "不得用于个人借款。"],
    enPoints: ["The limit is 5,000 yuan.", "Reconcile by the 25th of each month.", "Never use it for personal loans."],
  }),
  p({
    keyword: "anti-bribery", folder: "compliance", dept: "hq", labels: ["compliance", "sales"], version: "3.0.0",
    cn: "反商业贿赂政策", en: "Anti-bribery Policy",
    cnSummary: "公司对商业贿赂零容忍，禁止以任何形式向医疗机构及其人员提供不当利益。",
    enSummary: "Zero tolerance for bribery: no improper benefit of any kind to healthcare institutions or their staff.",
    cnPoints: ["礼品价值不得超过 200 元且不得为现金。", "所有赞助须签订书面协议。", "发现违规可通过合规热线匿名举报。"],
    enPoints: ["Gifts stay under 200 yuan and are never cash.", "Every sponsorship has a written agreement.", "Report concerns anonymously on the compliance hotline."],
    table: { head: ["事项 Item", "是否允许 Allowed", "条件 Condition"], rows: [["学术会议赞助 Congress sponsorship", "允许 Yes", "书面协议 Written agreement"], ["现金或购物卡 Cash or gift cards", "禁止 No", "-"], ["工作餐 Working meal", "允许 Yes", "人均 300 元以内 Under 300 yuan each"]] },
  }),
  p({
    keyword: "hcp-interaction", folder: "compliance", dept: "regulatory", labels: ["compliance", "sales", "regulatory"],
    cn: "与医疗专业人士交往准则", en: "HCP Interaction Code",
    cnSummary: "与医生、护士等医疗专业人士交往时须遵守的行为准则。",
    enSummary: "Rules of conduct when dealing with doctors, nurses and other healthcare professionals.",
    cnPoints: ["讲者费按公允市场价值支付。", "不得以处方或采购为交换条件。", "所有支付须在系统中留档。"],
    enPoints: ["Speaker fees are paid at fair market value.", "Never tie anything to prescriptions or purchases.", "Record every payment in the system."],
  }),
  p({
    keyword: "conflict-interest", folder: "compliance", dept: "hr", labels: ["compliance", "hr"],
    cn: "利益冲突申报", en: "Conflict of Interest Declaration",
    cnSummary: "员工须申报可能影响其公正履职的个人利益关系。",
    enSummary: "Employees declare personal interests that could affect their impartial judgement.",
    cnPoints: ["入职时及每年 1 月完成申报。", "亲属在供应商或客户处任职须申报。", "情况变化后 30 天内更新申报。"],
    enPoints: ["Declare on joining and every January.", "Declare relatives working for suppliers or customers.", "Update within 30 days of any change."],
  }),
  p({
    keyword: "personal-info", folder: "compliance", dept: "it", labels: ["compliance", "it"],
    cn: "个人信息保护规范", en: "Personal Information Protection",
    cnSummary: "依据《个人信息保护法》处理员工、客户与患者的个人信息。",
    enSummary: "Personal information of employees, customers and patients is processed under the Personal Information Protection Law.",
    cnPoints: ["收集个人信息须告知目的并取得同意。", "按最小必要原则使用数据。", "个人信息出境须完成安全评估。"],
    enPoints: ["Tell people why and get consent before collecting.", "Use only the data that is needed.", "Transfers abroad need a security assessment."],
  }),
];

/** Never shown in the help centre: drafts (0), submitted (1), in discussion (2), rejected (3), and approved but hidden (visibility 0). */
export const HIDDEN_POLICIES: (DemoPolicy & { status: 0 | 1 | 2 | 3 | 4; visibility: 0 | 1 })[] = [
  { ...p({ keyword: "draft-bonus-2027", folder: "pay", dept: "hr", labels: ["hr", "finance"], cn: "2027 年度奖金方案（草稿）", en: "2027 Bonus Plan (draft)", cnSummary: "草稿，尚未审批。", enSummary: "Draft, not yet approved.", cnPoints: ["奖金池按利润的 8% 计提。"], enPoints: ["The bonus pool is 8% of profit."] }), status: 0, visibility: 1 },
  { ...p({ keyword: "software-request", folder: "it", dept: "it", labels: ["it"], cn: "软件安装申请流程", en: "Software Installation Requests", cnSummary: "已提交，待审批。", enSummary: "Submitted, awaiting approval.", cnPoints: ["通过服务台申请。"], enPoints: ["Request through the service desk."] }), status: 1, visibility: 1 },
  { ...p({ keyword: "reorg-plan", folder: "hr", dept: "hr", labels: ["hr"], cn: "组织架构调整方案", en: "Reorganisation Plan", cnSummary: "讨论中。", enSummary: "In discussion.", cnPoints: ["销售大区合并。"], enPoints: ["Sales regions merge."] }), status: 2, visibility: 1 },
  { ...p({ keyword: "travel-revision", folder: "finance", dept: "finance", labels: ["finance"], cn: "差旅制度修订稿", en: "Travel Policy Revision", cnSummary: "已驳回。", enSummary: "Rejected.", cnPoints: ["取消餐补。"], enPoints: ["Meal allowances removed."] }), status: 3, visibility: 1 },
  { ...p({ keyword: "salary-bands", folder: "pay", dept: "hr", labels: ["hr", "finance"], cn: "薪资等级表（仅管理员）", en: "Salary Bands (administrators only)", cnSummary: "已批准但不公开。", enSummary: "Approved but hidden.", cnPoints: ["P1-P10 职级薪资区间。"], enPoints: ["Pay ranges of grades P1 to P10."] }), status: 4, visibility: 0 },
  { ...p({ keyword: "legacy-quality-manual", folder: "archive", dept: "quality", labels: ["quality"], version: "2.9.0", cn: "旧版质量手册", en: "Legacy Quality Manual", cnSummary: "已被 3.x 版本取代。", enSummary: "Superseded by version 3.x.", cnPoints: ["仅供追溯。"], enPoints: ["For traceability only."] }), status: 4, visibility: 0 },
];
