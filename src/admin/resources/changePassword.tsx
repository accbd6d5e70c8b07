import { KeyOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import ChangePassword from "../../account/ChangePassword";

/** change-Password (spec 2.3 names the navigation): hidden, reached from the personal centre; guarded by its menu. */
export default defineAdminResource({
  name: "changePassword",
  route: "/change-Password",
  menuUrl: "/personalCenter",
  label: "menu.changePassword",
  icon: <KeyOutlined />,
  hideInMenu: true,
  order: 71,
  pages: { list: ChangePassword },
});
