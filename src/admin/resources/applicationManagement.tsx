import { AppstoreOutlined } from "@ant-design/icons";
import { CatalogueList } from "../apps/CatalogueList";
import { defineAdminResource } from "../crud";

const ApplicationList = () => <CatalogueList name="bscApp" />;

/** Applications (spec 2.3 /applicationManagement, bscApp): create and edit in a dialog, on/off shelf, delete after a confirmation (spec 5). */
export default defineAdminResource({
  name: "bscApp",
  route: "/applicationManagement",
  label: "menu.applicationManagement",
  icon: <AppstoreOutlined />,
  ns: "adminApps",
  order: 30,
  actions: { create: true, edit: true, delete: true, status: true, export: true },
  pages: { list: ApplicationList },
});
