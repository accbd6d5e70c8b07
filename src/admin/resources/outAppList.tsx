import { GlobalOutlined } from "@ant-design/icons";
import { CatalogueList } from "../apps/CatalogueList";
import { defineAdminResource } from "../crud";

const PortalAppList = () => <CatalogueList name="bscPortalApp" />;

/** Portal (outside) applications (spec 2.3 /outAppList, bscPortalApp): no tags, no delete in the contract. */
export default defineAdminResource({
  name: "bscPortalApp",
  route: "/outAppList",
  label: "menu.outAppList",
  icon: <GlobalOutlined />,
  ns: "adminApps",
  order: 32,
  actions: { create: true, edit: true, status: true, export: true },
  pages: { list: PortalAppList },
});
