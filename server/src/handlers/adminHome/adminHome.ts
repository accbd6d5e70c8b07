import { and, count, eq, gte, isNotNull, isNull } from "drizzle-orm";
import { policies, talkShows, users } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The admin landing page (spec 2.3 /home): what waits for an administrator, and complaints over
// time for a chart. Buckets are days or Monday-started weeks in the server's time zone (the zone
// every date-time of the API is shown in, lib/time.ts).

const DAYS = 30;
const WEEKS = 12;

const pad = (n: number) => String(n).padStart(2, "0");
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
/** The Monday (local) of d's week. */
const startOfWeek = (d: Date) => {
  const s = startOfDay(d);
  s.setDate(s.getDate() - ((s.getDay() + 6) % 7));
  return s;
};

/** The bucket starts, oldest first, ending with the current day or week. */
function buckets(unit: "day" | "week", now: Date): Date[] {
  const last = unit === "day" ? startOfDay(now) : startOfWeek(now);
  const n = unit === "day" ? DAYS : WEEKS;
  const step = unit === "day" ? 1 : 7;
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(last);
    d.setDate(d.getDate() - (n - 1 - i) * step);
    return d;
  });
}

export const adminHomeHandlers = {
  async getAdminHomeStats(req: OpRequest<"getAdminHomeStats">) {
    const db = req.server.db;
    const unit = req.query.unit ?? "day";
    const starts = buckets(unit, new Date());
    const one = (p: Promise<{ n: number }[]>) => p.then(([r]) => Number(r.n));
    const [complaintsPending, repliesPending, policiesDraft, usersDisabled, posted] = await Promise.all([
      one(db.select({ n: count() }).from(talkShows).where(and(isNull(talkShows.parentId), eq(talkShows.reviewStatus, 0)))),
      one(db.select({ n: count() }).from(talkShows).where(and(isNotNull(talkShows.parentId), eq(talkShows.reviewStatus, 0)))),
      one(db.select({ n: count() }).from(policies).where(eq(policies.status, 0))),
      one(db.select({ n: count() }).from(users).where(eq(users.status, 0))),
      db
        .select({ createTime: talkShows.createTime })
        .from(talkShows)
        .where(and(isNull(talkShows.parentId), gte(talkShows.createTime, starts[0]))),
    ]);
    const counts = new Map(starts.map((d) => [dayKey(d), 0]));
    for (const { createTime } of posted) {
      const key = dayKey(unit === "day" ? startOfDay(createTime) : startOfWeek(createTime));
      if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
    }
    return ok({
      complaintsPending,
      repliesPending,
      policiesDraft,
      usersDisabled,
      unit,
      complaintTrend: [...counts].map(([date, n]) => ({ date, count: n })),
    });
  },
} satisfies TagHandlers<"adminHome">;
