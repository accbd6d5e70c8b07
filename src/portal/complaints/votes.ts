// Likes and dislikes (thumbsOrStomp): one vote per user and row. Voting the same again removes it,
// the other type switches it. The page shows the predicted counts at once and then the server's.
import type { components } from "../../api/schema";

export type VoteType = 1 | 2;
/** 0 none, 1 liked, 2 disliked (the contract's Vote). */
export type MyVote = components["schemas"]["Vote"];

/** What a row shows of its votes: the contract's VoteResult without the row id. */
export type VoteCounts = Omit<components["schemas"]["VoteResult"], "id">;

/** The counts after the caller votes `type` (1 like, 2 dislike) from the state shown now. */
export function applyVote(current: VoteCounts, type: VoteType): VoteCounts {
  let { likes, dislikes } = current;
  if (current.myVote === 1) likes -= 1;
  if (current.myVote === 2) dislikes -= 1;
  const myVote: MyVote = current.myVote === type ? 0 : type;
  if (myVote === 1) likes += 1;
  if (myVote === 2) dislikes += 1;
  return { likes: Math.max(0, likes), dislikes: Math.max(0, dislikes), myVote };
}
