import { defineAdminResource } from "../crud";
import { ReplyNotFound, Review, replyActions } from "../moderation/detailActions";
import { DecisionSignatures, ParentComplaint } from "../moderation/detailSections";
import { talkShowFacts } from "../moderation/fields";
import { ROASTS, type TalkShowReply } from "../moderation/types";

const { Back, Delete } = replyActions("roast");

/**
 * One reply with the complaint it answers (spec 2.3 /secondRoast/:id, from a complaint's reply list):
 * the generic show view; approve or reject it while pending, or delete it (confirmed). Not in the menu.
 */
export default defineAdminResource<TalkShowReply>({
  name: "secondRoast",
  route: "/secondRoast",
  parent: "taskManagement",
  menuUrl: "/roastList",
  label: "menu.roastList",
  hideInMenu: true,
  ns: "adminModeration",
  fields: talkShowFacts,
  show: { path: ":id", resource: ROASTS, columns: 2, headerActions: [Back, Review, Delete], sections: [DecisionSignatures, ParentComplaint], notFound: ReplyNotFound },
  texts: { showTitle: "comment.detailTitle" },
});
