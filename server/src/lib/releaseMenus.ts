import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { menus, meta, roleMenus, roles } from "../db/schema.ts";
import { PRODUCT_MENUS, type MenuSeed } from "../db/seed.ts";
import { restoreMenus } from "./adminReset.ts";
import { lockMenus } from "./menuTree.ts";

// The menus a release adds reach a database that was seeded before it (issue 24): without this an
// upgraded deployment would run the new screens' operations but show no menu for them until someone
// ran `npm run admin:reset`. At start, once per release (sys_meta key), each listed menu missing by
// url is added under its parent with its buttons, and granted to every administrator role
// (sys_role.is_admin). Once only: an administrator who later removes such a menu keeps it removed.
// A database without menus yet (a start before the seed, or without the demo seed) is left to the
// seed or to admin:reset, which add every menu.

export interface ReleaseMenus {
  /** The sys_meta key recording that this release's menus were added. */
  key: string;
  /** Top-level urls of the release's menus (their buttons come with them). */
  urls: readonly string[];
}

export const RELEASE_MENUS: readonly ReleaseMenus[] = [{ key: "menus:issue24", urls: ["/compliance/campaign", "/esignSettings", "/sys/auditTrail"] }];

/** The seed entry of a url and the url of its parent in the seed's tree. */
function findSeed(list: readonly MenuSeed[], url: string, parentUrl: string | null = null): { seed: MenuSeed; parentUrl: string | null } | null {
  for (const m of list) {
    if (m.url === url) return { seed: m, parentUrl };
    const below = m.children ? findSeed(m.children, url, m.url) : null;
    if (below) return below;
  }
  return null;
}

/** Adds the menus of every release not yet recorded; answers the number of menus and buttons added. */
export async function addReleaseMenus(db: Db, releases: readonly ReleaseMenus[] = RELEASE_MENUS): Promise<number> {
  let total = 0;
  for (const release of releases) {
    total += await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockMenus(tx);
      const [done] = await tx.select().from(meta).where(eq(meta.key, release.key));
      if (done) return 0;
      const [{ n }] = (await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${menus}`)).rows;
      if (n === 0) return 0;
      const added: number[] = [];
      for (const url of release.urls) {
        const found = findSeed(PRODUCT_MENUS, url);
        if (!found) throw new Error(`release menu ${url} is not among the product's menus (seed.ts)`);
        const [parent] = found.parentUrl ? await tx.select({ id: menus.id }).from(menus).where(eq(menus.url, found.parentUrl)).limit(1) : [];
        if (found.parentUrl && !parent) continue; // its parent was removed on purpose: nothing to hang it on
        await restoreMenus(tx, [found.seed], parent?.id ?? null, added);
      }
      if (added.length) {
        const admins = await tx.select({ id: roles.id }).from(roles).where(eq(roles.isAdmin, true));
        if (admins.length)
          await tx
            .insert(roleMenus)
            .values(admins.flatMap((r) => added.map((menuId) => ({ roleId: r.id, menuId }))))
            .onConflictDoNothing();
      }
      await tx.insert(meta).values({ key: release.key, value: String(added.length) });
      return added.length;
    });
  }
  return total;
}
