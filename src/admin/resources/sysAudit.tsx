import { AuditOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { AuditList } from "../audit/AuditList";

/** The audit log of admin writes (issue 7, beyond the spec), under System. */
export default defineAdminResource({
  name: "sysAudit",
  route: "/sys/audit",
  parent: "sys",
  label: "menu.sysAudit",
  icon: <AuditOutlined />,
  order: 9,
  pages: { list: AuditList },
});
