import { defineAdminResource } from "../crud";
import { BackToComplaints, ComplaintNotFound, DeleteComplaintAndLeave, Review } from "../moderation/detailActions";
import { ComplaintReplies, DecisionSignatures, OfficialReply } from "../moderation/detailSections";
import { talkShowFacts } from "../moderation/fields";
import { ROASTS, type TalkShow } from "../moderation/types";

/**
 * A complaint with its replies (spec 2.3 /firstRoast/:id, 7.5 getById): the generic show view of
 * the complaint list's record; approve or reject it, delete it with its replies, review, open or
 * delete each reply, post an official reply. Not in the menu; guarded by the complaint list's menu.
 */
export default defineAdminResource<TalkShow>({
  name: "firstRoast",
  route: "/firstRoast",
  parent: "taskManagement",
  menuUrl: "/roastList",
  label: "menu.roastList",
  hideInMenu: true,
  ns: "adminModeration",
  fields: talkShowFacts,
  show: {
    path: ":id",
    resource: ROASTS,
    columns: 2,
    headerActions: [BackToComplaints, Review, DeleteComplaintAndLeave],
    sections: [DecisionSignatures, ComplaintReplies, OfficialReply],
    notFound: ComplaintNotFound,
  },
  texts: { showTitle: "roast.detailTitle" },
});
