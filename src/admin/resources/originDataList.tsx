import { DatabaseOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { SOURCE_KINDS } from "../sourceData/kinds";

/**
 * Source data (spec 2.3 /originDataList): one screen, a tab per kind (employees, UPN, registration
 * certificates), each a generated list of its definition (../sourceData/kinds.tsx) with import.
 */
export default defineAdminResource({
  name: "originDataList",
  route: "/originDataList",
  label: "menu.originDataList",
  icon: <DatabaseOutlined />,
  ns: "adminData",
  order: 60,
  tabs: SOURCE_KINDS,
  texts: { title: "sourceData.title" },
});
