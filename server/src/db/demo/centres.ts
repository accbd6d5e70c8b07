import { eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { appLabels, bscApps, depts, labels, meta, users } from "../schema.ts";
import { seedDemoAppsCentre } from "./appsCentre.ts";
import { seedDemoHelp } from "./help.ts";
import { seedDemoSourceData } from "./sourceData.ts";
import { DEMO_DEPTS, DEMO_LABELS, type CentresSeedContext, type DemoDeptKey, type DemoLabelKey } from "./vocabulary.ts";

// The demo data of the centres and the search (issue 6): departments, tags, the tags of the app
// catalogue, then each area's own seed (apps centre, help centre and complaints, source data).
// It runs once per database under its own meta key, so a database seeded before issue 6 gets it
// on its next start too. Deterministic for a given `now`.

// The vocabulary every area's seed shares is in vocabulary.ts: defined here, the area seeds that
// read it and this module that runs them imported each other (issue 22 item 4).
export { DEMO_DEPTS, DEMO_LABELS, type CentresSeedContext, type DemoDeptKey, type DemoLabelKey };

/** The demo accounts' departments. */
const ACCOUNT_DEPTS: Record<string, DemoDeptKey> = { admin: "it", zhangwei: "cardiology", lina: "quality" };

/** Tags of the catalogue apps, by app keyword (issue 5's catalogue). */
const APP_TAGS: Record<string, DemoLabelKey[]> = {
  expenses: ["finance", "office"],
  travel: ["office", "finance"],
  leave: ["hr", "office"],
  purchasing: ["finance"],
  contracts: ["compliance", "finance"],
  quality: ["quality"],
  "adverse-events": ["quality", "regulatory", "safety"],
  registrations: ["regulatory"],
  upn: ["regulatory"],
  crm: ["sales"],
  distributors: ["sales"],
  learning: ["training", "hr"],
  rooms: ["office"],
  helpdesk: ["it"],
  hr: ["hr"],
  inventory: ["sales"],
  clinical: ["regulatory", "quality"],
  "field-service": ["sales", "quality"],
  mail: ["office", "it"],
  directory: ["office"],
};


export async function seedDemoCentres(db: Db, now = new Date()) {
  const seeded = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute("SELECT pg_advisory_xact_lock(727003)");
    const [done] = await t.select().from(meta).where(eq(meta.key, "demoCentres"));
    if (done) return false;

    const deptIds = {} as Record<DemoDeptKey, number>;
    for (const d of DEMO_DEPTS) {
      const [row] = await t
        .insert(depts)
        .values({ deptName: d.deptName, parentId: d.parent ? deptIds[d.parent] : null, sort: Object.keys(deptIds).length })
        .returning({ id: depts.id });
      deptIds[d.key] = row.id;
    }
    const labelRows = await t
      .insert(labels)
      .values(DEMO_LABELS.map((l, i) => ({ labelName: l.labelName, labelEnName: l.labelEnName, sort: i })))
      .returning({ id: labels.id, labelName: labels.labelName });
    const labelIds = Object.fromEntries(
      DEMO_LABELS.map((l) => [l.key, labelRows.find((r) => r.labelName === l.labelName)!.id]),
    ) as Record<DemoLabelKey, number>;

    const accounts = await t
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(inArray(users.userName, Object.keys(ACCOUNT_DEPTS)));
    for (const a of accounts) await t.update(users).set({ deptId: deptIds[ACCOUNT_DEPTS[a.userName]] }).where(eq(users.id, a.id));
    const userIds = Object.fromEntries(accounts.map((a) => [a.userName, a.id]));

    const apps = await t.select({ id: bscApps.id, keyword: bscApps.keyword }).from(bscApps);
    const tagRows = apps.flatMap((a) => (APP_TAGS[a.keyword ?? ""] ?? []).map((k) => ({ appId: a.id, labelId: labelIds[k] })));
    if (tagRows.length) await t.insert(appLabels).values(tagRows);

    const ctx: CentresSeedContext = { now, deptIds, labelIds, userIds };
    await seedDemoAppsCentre(t, ctx);
    await seedDemoHelp(t, ctx);
    await seedDemoSourceData(t, ctx);
    await t.insert(meta).values({ key: "demoCentres", value: now.toISOString() });
    return true;
  });
  // Fresh statistics after the bulk load (only then), so the planner weighs the trigram indexes rightly.
  if (seeded) await db.execute("ANALYZE md_employee, md_upn, md_nmpa_certificate, bsc_policy");
}
