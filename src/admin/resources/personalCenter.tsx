import { UserOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import People from "../../account/People";

/**
 * The personal centre in the admin shell (spec 2.3 /personalCenter): the user shell's page, the
 * same profile, avatar and buttons (change-Password and quitLogon are routed beside it).
 */
export default defineAdminResource({
  name: "personalCenter",
  route: "/personalCenter",
  label: "menu.personalCenter",
  icon: <UserOutlined />,
  ns: "adminData",
  order: 70,
  pages: { list: People },
});
