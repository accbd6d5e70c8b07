import { CommentOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { CommentList } from "../moderation/CommentList";

/** Replies (comments) under review (spec 2.3 /commentList); the detail page is commentDetail. */
export default defineAdminResource({
  name: "commentList",
  route: "/commentList",
  parent: "taskManagement",
  label: "menu.commentList",
  icon: <CommentOutlined />,
  ns: "adminModeration",
  order: 2,
  pages: { list: CommentList },
});
