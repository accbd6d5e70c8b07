import { defineAdminResource } from "../crud";
import { ReplyDetail } from "../moderation/ReplyDetail";

/** One reply to a complaint with the complaint it answers (spec 2.3 /secondRoast/:id); not in the menu. */
export default defineAdminResource({
  name: "secondRoast",
  route: "/secondRoast",
  parent: "taskManagement",
  menuUrl: "/roastList",
  label: "menu.roastList",
  hideInMenu: true,
  routes: [{ path: ":id", element: <ReplyDetail from="roast" /> }],
});
