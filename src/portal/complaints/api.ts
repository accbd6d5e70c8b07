// The complaints board's calls (spec 7.7 helpcenterTalkShow). Failures show the portal toast (the
// client's error middleware) and reject.
import type { components } from "../../api/schema";
import { unwrap, type PortalClient } from "../../api/client";
import type { VoteCounts, VoteType } from "./votes";

export type Complaint = components["schemas"]["HelpTalkShow"];
export type ComplaintReply = components["schemas"]["HelpTalkShowReply"];
export type ComplaintCreated = components["schemas"]["HelpTalkShowCreated"];

export type ComplaintPage = components["schemas"]["HelpTalkShowPageOk"]["data"];

/** The contract's limits (TalkShowContent 1..2000; paging 10 by default). */
export const CONTENT_MAX = 2000;
export { DEFAULT_PAGE_SIZE as PAGE_SIZE } from "../../shared/paging";

export type SortBy = "createTime" | "likes";

export interface ComplaintQuery {
  page: number;
  pageSize: number;
  sortBy: SortBy;
  mine: boolean;
}

export async function fetchComplaints(query: ComplaintQuery, client: PortalClient): Promise<ComplaintPage> {
  const body = { page: query.page, pageSize: query.pageSize, sortField: query.sortBy, sortOrder: "desc" as const, ...(query.mine ? { mine: true } : {}) };
  return unwrap(client.POST("/helpcenterTalkShow/pageTalkShow", { body }));
}

/** Posts a complaint, or a reply when parentId is given; the text is sent trimmed. */
export async function postComplaint(content: string, parentId: number | undefined, client: PortalClient): Promise<ComplaintCreated> {
  const body = parentId === undefined ? { content: content.trim() } : { content: content.trim(), parentId };
  return unwrap(client.POST("/helpcenterTalkShow", { body }));
}

export async function deleteComplaint(id: number, client: PortalClient): Promise<void> {
  await unwrap(client.DELETE("/helpcenterTalkShow", { params: { query: { id } } }));
}

export async function vote(id: number, type: VoteType, client: PortalClient): Promise<VoteCounts & { id: number }> {
  return unwrap(client.POST("/helpcenterTalkShow/thumbsOrStomp", { body: { id, type } }));
}

export type ContentProblem = "contentRequired" | "contentTooLong" | null;

export function contentProblem(text: string): ContentProblem {
  const content = text.trim();
  if (content === "") return "contentRequired";
  if (content.length > CONTENT_MAX) return "contentTooLong";
  return null;
}
