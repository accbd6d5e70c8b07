import type { Db } from "../client.ts";
import type { CentresSeedContext } from "./centres.ts";

// The help centre's demo data (folders, policies under tags, departments' recommended tags) and
// the complaints board's (complaints with replies and votes).
export async function seedDemoHelp(_db: Db, _ctx: CentresSeedContext): Promise<void> {
  // Issue 6 (help centre): written by the help-centre work.
}
