import { defineAdminResource } from "../crud";
import { ReplyNotFound, Review, replyActions } from "../moderation/detailActions";
import { DecisionSignatures, ParentComplaint } from "../moderation/detailSections";
import { talkShowFacts } from "../moderation/fields";
import { COMMENTS, type TalkShowReply } from "../moderation/types";

const { Back, Delete } = replyActions("comment");

/**
 * One reply with the complaint it answers (spec 2.3 /commentDetail/:id, from the comment list):
 * the generic show view; approve or reject it while pending, or delete it (confirmed). Not in the menu.
 */
export default defineAdminResource<TalkShowReply>({
  name: "commentDetail",
  route: "/commentDetail",
  parent: "taskManagement",
  menuUrl: "/commentList",
  label: "menu.commentList",
  hideInMenu: true,
  ns: "adminModeration",
  fields: talkShowFacts,
  show: { path: ":id", resource: COMMENTS, columns: 2, headerActions: [Back, Review, Delete], sections: [DecisionSignatures, ParentComplaint], notFound: ReplyNotFound },
  texts: { showTitle: "comment.detailTitle" },
});
