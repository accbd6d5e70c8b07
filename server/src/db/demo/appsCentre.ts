import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../client.ts";
import { bscApps, personalAppLabels, personalApps } from "../schema.ts";
import type { CentresSeedContext, DemoLabelKey } from "./vocabulary.ts";

// The app centre's demo data beyond issue 5's workspace seed. The demo accounts keep the number
// of apps and reports issue 5 gave them (its tests and the widgets' e2e count them); this seed
// adds what the app centre shows on top: the tags of zhangwei's hand-added apps (one left
// untagged, so the centre has its "untagged" group), one picked app whose tags the user chose
// himself (personal_app_label overriding the catalogue's), and a hand-added favourite.

/** zhangwei's hand-added apps by name (issue 5's seed): their tags, and whether starred. */
const DIY: Record<string, { tags: DemoLabelKey[]; favourite: boolean }> = {
  "学术会议日历 Congress Calendar": { tags: ["sales", "training"], favourite: false },
  "心内科周报 Cardiology Weekly": { tags: [], favourite: true },
};

/** Catalogue apps (by keyword) zhangwei picked and re-tagged himself. */
const OWN_TAGS: Record<string, DemoLabelKey[]> = { learning: ["training"] };

export async function seedDemoAppsCentre(db: Db, ctx: CentresSeedContext): Promise<void> {
  const userId = ctx.userIds.zhangwei;
  if (userId === undefined) return;
  const rows: { personalAppId: number; labelId: number }[] = [];

  const diy = await db
    .select({ id: personalApps.id, appName: personalApps.appName })
    .from(personalApps)
    .where(and(eq(personalApps.userId, userId), isNull(personalApps.appId), inArray(personalApps.appName, Object.keys(DIY))));
  for (const a of diy) {
    const spec = DIY[a.appName];
    rows.push(...spec.tags.map((k) => ({ personalAppId: a.id, labelId: ctx.labelIds[k] })));
    if (spec.favourite) await db.update(personalApps).set({ favoriteStatus: 1 }).where(eq(personalApps.id, a.id));
  }

  const picked = await db
    .select({ id: personalApps.id, keyword: bscApps.keyword })
    .from(personalApps)
    .innerJoin(bscApps, eq(bscApps.id, personalApps.appId))
    .where(and(eq(personalApps.userId, userId), inArray(bscApps.keyword, Object.keys(OWN_TAGS))));
  for (const a of picked) rows.push(...OWN_TAGS[a.keyword!].map((k) => ({ personalAppId: a.id, labelId: ctx.labelIds[k] })));

  if (rows.length) await db.insert(personalAppLabels).values(rows);
}
