import { SafetyCertificateOutlined } from "@ant-design/icons";

import { AuditTrailList } from "../auditTrail/AuditTrailList";
import { AuditTrailPrint } from "../auditTrail/AuditTrailPrint";
import { defineAdminResource } from "../crud";

/**
 * The audit trail of regulated records (issue 24, 21 CFR 11.10(e)) under System, after the audit
 * log: verification banner, filters, entries, export and a print view without the shell's chrome.
 */
export default defineAdminResource({
  name: "auditTrail",
  route: "/sys/auditTrail",
  parent: "sys",
  label: "menu.auditTrail",
  icon: <SafetyCertificateOutlined />,
  ns: "adminAuditTrail",
  order: 10,
  pages: { list: AuditTrailList },
  bareRoutes: [{ path: "print", element: <AuditTrailPrint /> }],
});
