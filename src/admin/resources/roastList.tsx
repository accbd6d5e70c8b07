import { MessageOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { RoastList } from "../moderation/RoastList";

/** Complaints under review (spec 2.3 /roastList); the detail pages are firstRoast and secondRoast. */
export default defineAdminResource({
  name: "roastList",
  route: "/roastList",
  parent: "taskManagement",
  label: "menu.roastList",
  icon: <MessageOutlined />,
  ns: "adminModeration",
  order: 1,
  pages: { list: RoastList },
});
