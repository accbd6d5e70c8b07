import { and, asc, eq, inArray } from "drizzle-orm";
import { appLabels, bscApps, bscCharts, labels } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { formatDateTime } from "../../lib/time.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The catalogues as every signed-in user sees them (spec 7.4 listAll): on-shelf applications with
// their tags and on-shelf data sources (a list added for the data centre); the enabled tags are
// tags/enabledTags.ts. The admin lists and writes are adminApps.ts.

/** pc_or_h5_status (0 all devices, 1 mobile/H5, 2 PC) as the contract's userDevice. */
export const userDeviceOf = (pcOrH5Status: number): "mobile" | "pc" | "all" => (pcOrH5Status === 1 ? "mobile" : pcOrH5Status === 2 ? "pc" : "all");

/** An application row as the contract's BscApp (the catalogue and the admin lists alike). */
export const appRecord = (a: typeof bscApps.$inferSelect) => ({
  id: a.id,
  name: a.appName,
  url: a.appUrl,
  keyword: a.keyword ?? "",
  description: a.description,
  image: a.appIconUrl,
  status: a.status,
  userDevice: userDeviceOf(a.pcOrH5Status),
  createTime: formatDateTime(a.createTime),
});

export const catalogueHandlers = {
  async bscAppListAll(req: OpRequest<"bscAppListAll">) {
    const { db } = req.server;
    const apps = await db.select().from(bscApps).where(eq(bscApps.status, 1)).orderBy(asc(bscApps.appName), asc(bscApps.id));
    // Enabled tags only, in tag order.
    const tags = apps.length
      ? await db
          .select({ appId: appLabels.appId, labelId: appLabels.labelId })
          .from(appLabels)
          .innerJoin(labels, and(eq(labels.id, appLabels.labelId), eq(labels.status, 1)))
          .where(inArray(appLabels.appId, apps.map((a) => a.id)))
          .orderBy(asc(labels.sort), asc(labels.id))
      : [];
    return ok(
      apps.map((a) => ({ labelIds: tags.filter((t) => t.appId === a.id).map((t) => t.labelId), ...appRecord(a) })),
    );
  },

  async bscChartListAll(req: OpRequest<"bscChartListAll">) {
    const rows = await req.server.db
      .select()
      .from(bscCharts)
      .where(eq(bscCharts.status, 1))
      .orderBy(asc(bscCharts.dataName), asc(bscCharts.id));
    return ok(
      rows.map((c) => ({
        id: c.id,
        name: c.dataName,
        url: c.dataUrl,
        userDevice: userDeviceOf(c.pcOrH5Status),
        compatibilityRange: c.compatibility,
        status: c.status,
        createTime: formatDateTime(c.createTime),
      })),
    );
  },
} satisfies TagHandlers<"apps">;
