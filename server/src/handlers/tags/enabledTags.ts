import { asc, eq } from "drizzle-orm";
import { labels } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { formatDateTime } from "../../lib/time.ts";
import type { OpRequest, TagHandlers } from "../types.ts";

// The tags as every signed-in user sees them (spec 7.3 GET /bscLabel): the enabled ones, for the
// pickers and filters of the app centre and the catalogues. The admin lists and writes are adminTags.ts.

export const enabledTagHandlers = {
  /** Enabled tags for pickers and filters, by sort then id. */
  async listBscLabel(req: OpRequest<"listBscLabel">) {
    const rows = await req.server.db.select().from(labels).where(eq(labels.status, 1)).orderBy(asc(labels.sort), asc(labels.id));
    return ok(
      rows.map((l) => ({
        id: l.id,
        labelName: l.labelName,
        labelEnName: l.labelEnName,
        status: l.status,
        sort: l.sort,
        createTime: formatDateTime(l.createTime),
      })),
    );
  },
} satisfies TagHandlers<"tags">;
