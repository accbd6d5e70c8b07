import type { components } from "../../api/schema";

export type TalkShow = components["schemas"]["TalkShow"];
export type TalkShowReply = components["schemas"]["TalkShowReply"];
/** 0 pending review, 1 approved (published), 2 rejected (spec 4). */
export type ReviewStatus = components["schemas"]["ReviewStatus"];
export const REVIEW_STATUSES: ReviewStatus[] = [0, 1, 2];
/** The complaint (first level) and reply (second level) data-provider resources. */
export const ROASTS = "roastList";
export const COMMENTS = "commentList";
