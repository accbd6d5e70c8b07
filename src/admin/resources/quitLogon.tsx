import { LogoutOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import QuitLogon from "../../account/QuitLogon";

/** quitLogon (spec 2.4), the personal centre's log-out button in the admin shell: hidden, guarded by its menu. */
export default defineAdminResource({
  name: "quitLogon",
  route: "/quitLogon",
  menuUrl: "/personalCenter",
  label: "menu.personalCenter",
  icon: <LogoutOutlined />,
  hideInMenu: true,
  order: 72,
  pages: { list: QuitLogon },
});
