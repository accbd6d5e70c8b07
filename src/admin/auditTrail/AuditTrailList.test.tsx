import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";
import type { Verification } from "./banner";

// Issue 24: the audit trail screen's banner states, words for codes, and the print view without
// the shell's chrome, over a fake server answering the contract's operations.

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const entry = {
  seq: 3, at: "2026-11-27 10:00:00.123", timeZone: "UTC", actorId: 1, actorName: "Admin (admin)", operation: "acknowledgePolicy",
  recordType: "signature", recordId: "9", action: "create", before: null, reason: null, prevHash: "a".repeat(64), hash: "b".repeat(64),
  after: { meaning: "readUnderstood", printed_name: "Li Na", signed_at: "2026-11-27T10:00:00", content_hash: "c".repeat(64) },
};

function service(verify: Verification | "fail") {
  return async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
    if (path === "/auditTrail/verify") return verify === "fail" ? json(500, envelope(500, "错误", "Internal server error")) : ok(verify);
    if (path === "/auditTrail/page") return ok({ records: [entry], total: 1, page: 1, pageSize: 20 });
    if (path === "/auditTrail/print") return ok({ records: [entry], total: 1, cap: 1000 });
    return json(404, envelope(404, "不存在", "Not found"));
  };
}
const intact: Verification = { checked: 3, intactUpTo: 3, firstBroken: null, lastSeq: 3, verifiedAt: "2026-11-27 10:05:00", timeZone: "UTC" };

describe("the audit trail screen", () => {
  it("says the trail is intact up to the last entry, and lists entries with words for their codes", async () => {
    renderAdmin({ path: "/main/sys/auditTrail", service: service(intact) });
    const banner = await screen.findByText("Audit trail intact up to entry 3, checked at 2026-11-27 10:05:00");
    expect(banner.closest("[data-testid=audit-trail-banner]")?.getAttribute("data-state")).toBe("banner.intact");
    const table = await screen.findByTestId("audit-trail-table");
    expect(await within(table).findByText("Electronic signature 9")).toBeTruthy();
    expect(within(table).getByText("Created")).toBeTruthy();
  });

  it("names the first broken entry, why, and where the trail is intact up to", async () => {
    renderAdmin({ path: "/main/sys/auditTrail", service: service({ ...intact, intactUpTo: 1, firstBroken: { seq: 2, reason: "link" } }) });
    expect(await screen.findByText("Broken at entry 2: re-linked; intact up to entry 1")).toBeTruthy();
  });

  it("says when the trail could not be verified", async () => {
    renderAdmin({ path: "/main/sys/auditTrail", service: service("fail") });
    expect(await screen.findByText("The audit trail could not be verified.")).toBeTruthy();
  });

  it("opens the print view without the side menu, with the filters at the top and the signature in words", async () => {
    renderAdmin({ path: "/main/sys/auditTrail/print?recordType=signature&recordId=9", service: service(intact) });
    const view = await screen.findByTestId("audit-trail-print-view");
    expect(within(view).getByRole("row", { name: /Record Electronic signature 9/ })).toBeTruthy();
    expect(await within(view).findByText(/Signature: Read and understood, signed by Li Na/)).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(document.querySelector(".ant-layout-sider")).toBeNull();
  });
});
