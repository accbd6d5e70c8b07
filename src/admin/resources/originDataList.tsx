import { DatabaseOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import SourceDataPage from "../sourceData/SourceDataPage";

/** Source data (spec 2.3 /originDataList): employees, UPN and registration certificates, with import. */
export default defineAdminResource({
  name: "originDataList",
  route: "/originDataList",
  label: "menu.originDataList",
  icon: <DatabaseOutlined />,
  ns: "adminData",
  order: 60,
  pages: { list: SourceDataPage },
});
