import { defineAdminResource } from "../crud";
import { ReplyDetail } from "../moderation/ReplyDetail";

/** One comment (reply) with its complaint (spec 2.3 /commentDetail/:id); not in the menu. */
export default defineAdminResource({
  name: "commentDetail",
  route: "/commentDetail",
  parent: "taskManagement",
  menuUrl: "/commentList",
  label: "menu.commentList",
  hideInMenu: true,
  routes: [{ path: ":id", element: <ReplyDetail from="comment" /> }],
});
