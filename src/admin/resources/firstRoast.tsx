import { defineAdminResource } from "../crud";
import { RoastDetail } from "../moderation/RoastDetail";

/**
 * A complaint with its replies (spec 2.3 /firstRoast/:id). Not in the menu; guarded by the
 * complaint list's menu.
 */
export default defineAdminResource({
  name: "firstRoast",
  route: "/firstRoast",
  parent: "taskManagement",
  menuUrl: "/roastList",
  label: "menu.roastList",
  hideInMenu: true,
  routes: [{ path: ":id", element: <RoastDetail /> }],
});
