import { badRequest, notFound } from "./errors.ts";

// What a complaint or reply may be, and the answers when it is not or is gone: one wording for the
// help centre's complaints and their review.

export const talkShowNotFound = () => notFound("吐槽或回复", "Complaint or reply");

export const complaintNotFound = () => notFound("吐槽", "Complaint");

export const replyToReply = () =>
  badRequest("parentId", "complaint", "只能回复吐槽，不能回复一条回复", "A reply answers a complaint, not another reply");

/** The content as stored: trimmed plain text, never empty. */
export function contentOf(raw: string): string {
  const content = raw.trim();
  if (!content) throw badRequest("content", "required", "内容不能为空", "Content must not be empty");
  return content;
}
