import { UserOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import People from "../../account/People";

/**
 * /people, where an administrator's login lands (spec 4: "goes to people when system is
 * stageAdmin"): the personal centre's page, hidden from the menu and guarded by its menu. The
 * admin home (/home) is one click away in the menu title and is where unknown admin paths go.
 */
export default defineAdminResource({
  name: "people",
  route: "/people",
  menuUrl: "/personalCenter",
  label: "menu.personalCenter",
  icon: <UserOutlined />,
  hideInMenu: true,
  order: 73,
  pages: { list: People },
});
