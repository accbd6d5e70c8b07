import { MessageOutlined } from "@ant-design/icons";

import { defineAdminResource } from "../crud";
import { firstRoastPath, moderationFields } from "../moderation/fields";
import { ReviewSwitch } from "../moderation/ReviewSwitch";
import { DeleteComplaint, Review, ViewComplaint } from "../moderation/rowActions";
import type { TalkShow } from "../moderation/types";

/**
 * The complaint review queue (spec 2.3 /roastList, 4, 7.5): complaints (first level) paged on the
 * server; per row: open (/firstRoast/:id), approve or reject a pending one, delete it with its
 * replies (confirmed). The header holds the review switch and the export.
 */
export default defineAdminResource<TalkShow>({
  name: "roastList",
  route: "/roastList",
  parent: "taskManagement",
  label: "menu.roastList",
  icon: <MessageOutlined />,
  ns: "adminModeration",
  order: 1,
  fields: [
    ...moderationFields<TalkShow>((r) => firstRoastPath(r.id), { withDates: true }),
    { name: "replyCount", label: "fields.replyCount", kind: "number", list: { width: 90 } },
  ],
  actions: { export: true },
  rowActions: [ViewComplaint, Review, DeleteComplaint],
  headerActions: [ReviewSwitch],
  texts: { title: "roast.title", empty: "common.empty" },
});
