import { DatabaseOutlined } from "@ant-design/icons";
import { CatalogueList } from "../apps/CatalogueList";
import { defineAdminResource } from "../crud";

const DataSourceList = () => <CatalogueList name="bscChart" />;

/**
 * Data sources (spec 3, 7.4 bscChart): guarded by the application menu and its buttons (bscChart's
 * menu url in the contract, RESOURCE_PERMISSIONS); delete asks first (spec 5).
 */
export default defineAdminResource({
  name: "bscChart",
  route: "/applicationManagement/dataSource",
  label: "menu.dataSource",
  icon: <DatabaseOutlined />,
  ns: "adminApps",
  order: 31,
  actions: { create: true, edit: true, delete: true, status: true, export: true },
  pages: { list: DataSourceList },
});
