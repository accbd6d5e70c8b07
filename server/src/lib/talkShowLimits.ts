import type { FastifyRequest } from "fastify";
import { sessionOf } from "../plugins/security.ts";
import { rateLimit } from "./throttle.ts";

// Per-user limits on the complaint board's writes (issue 20: 120 complaints in under a second were
// all accepted). Far above what a person types or clicks, so only a script meets them: HTTP 429,
// code 403, the spec's "操作过于频繁，请稍后再试" / "The operation is too frequent". Counted in the
// database (every instance shares them), per user, whatever address or session the calls come from.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Posts an hour: five minutes' worth at the full rate (a flood that paces itself still stops). */
const HOURLY_FACTOR = 5;
/** Votes a minute: one a second, sustained (a vote replaces the person's earlier one: nothing piles up). */
export const VOTES_PER_MINUTE = 60;

/**
 * A complaint or a reply, from the help centre or the administrator's post: together at most
 * `talkShowPostsPerMinute` (20 by default) a minute and five times that an hour, per user.
 */
export async function limitTalkShowPost(req: FastifyRequest) {
  const perMinute = req.server.config.talkShowPostsPerMinute;
  const key = `talkShowPost:${sessionOf(req).userId}`;
  await rateLimit(req.server.db, `${key}:m`, perMinute, MINUTE);
  await rateLimit(req.server.db, `${key}:h`, perMinute * HOURLY_FACTOR, HOUR);
}

/** A like or dislike (thumbsOrStomp): at most VOTES_PER_MINUTE a minute per user. */
export async function limitTalkShowVote(req: FastifyRequest) {
  await rateLimit(req.server.db, `talkShowVote:${sessionOf(req).userId}`, VOTES_PER_MINUTE, MINUTE);
}
