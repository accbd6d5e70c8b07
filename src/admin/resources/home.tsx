import { HomeOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import AdminHome from "../home/AdminHome";

/** The admin landing page (spec 2.3 /home, hidden): counts of what waits and the complaint chart. */
export default defineAdminResource({
  name: "home",
  route: "/home",
  label: "menu.home",
  icon: <HomeOutlined />,
  ns: "adminData",
  hideInMenu: true,
  order: 0,
  pages: { list: AdminHome },
});
