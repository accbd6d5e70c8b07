import type { Db } from "../client.ts";
import type { CentresSeedContext } from "./centres.ts";

// Source data for the global search: employees, UPNs and registration certificates.
export async function seedDemoSourceData(_db: Db, _ctx: CentresSeedContext): Promise<void> {
  // Issue 6 (search): written by the search work.
}
