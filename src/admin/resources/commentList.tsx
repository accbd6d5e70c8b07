import { CommentOutlined } from "@ant-design/icons";

import { defineAdminResource } from "../crud";
import { commentDetailPath, moderationFields } from "../moderation/fields";
import { DeleteReply, ParentLink, Review, ViewReply } from "../moderation/rowActions";
import type { TalkShowReply } from "../moderation/types";

/**
 * Every reply (comment) to a complaint (spec 2.3 /commentList, 7.5 pageTalkShow), paged on the
 * server; per row: open (/commentDetail/:id), the complaint it answers, approve or reject a pending
 * one, delete (confirmed).
 */
export default defineAdminResource<TalkShowReply>({
  name: "commentList",
  route: "/commentList",
  parent: "taskManagement",
  label: "menu.commentList",
  icon: <CommentOutlined />,
  ns: "adminModeration",
  order: 2,
  fields: [
    ...moderationFields<TalkShowReply>((r) => commentDetailPath(r.id)),
    {
      name: "parentId",
      label: "fields.parent",
      list: { width: 130, render: (parentId: number) => <ParentLink id={parentId} /> },
    },
  ],
  actions: { export: true },
  rowActions: [ViewReply, Review, DeleteReply],
  texts: { title: "comment.title", empty: "common.empty" },
});
