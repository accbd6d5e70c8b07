import type { Db } from "../client.ts";
import type { CentresSeedContext } from "./centres.ts";

// The app centre's and data centre's demo data beyond issue 5's workspace seed.
export async function seedDemoAppsCentre(_db: Db, _ctx: CentresSeedContext): Promise<void> {
  // Issue 6 (apps centre): nothing beyond the catalogue tags of centres.ts yet.
}
