// The privacy-policy versions list from its definition (issue 22): the definition's own header
// buttons (refresh, publish opening the editor page), the current version marked, the full text of
// a version in a dialog.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const VERSIONS = [
  { id: 2, policyVersion: "1.1.0", policyContent: "Policy 1.1.0\nSecond paragraph", acceptedCount: 1, current: true, createTime: "2024-02-01 09:00:00" },
  { id: 1, policyVersion: "1.0.0", policyContent: "Policy 1.0.0", acceptedCount: 5, current: false, createTime: "2024-01-01 09:00:00" },
];

async function privacyService(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
  if (path === "/bscPrivacyPolicy/page") return ok({ records: VERSIONS, total: VERSIONS.length, page: 1, pageSize: 10 });
  if (path === "/bscPrivacyPolicy") return ok(VERSIONS[0]);
  return json(404, envelope(404, "不存在", "Not found"));
}

const pageRequests = (requests: Request[]) => requests.filter((r) => r.url.endsWith("/bscPrivacyPolicy/page")).length;

describe("the privacy-policy versions list", () => {
  it("marks the current version and shows a version's full text in a dialog", async () => {
    renderAdmin({ path: "/main/privacyPolicyList", service: privacyService });
    const current = (await screen.findByText("1.1.0")).closest("tr")!;
    expect(within(current).getByText("Current")).toBeTruthy();
    expect(within(current).getByTestId("accepted-count").textContent).toBe("1");
    expect(within(screen.getByText("1.0.0").closest("tr")!).queryByText("Current")).toBeNull();

    fireEvent.click(within(current).getByRole("button", { name: "Full text: version 1.1.0" }));
    const dialog = await screen.findByRole("dialog", { name: "Privacy policy 1.1.0" });
    expect(dialog.textContent).toContain("Second paragraph");
  });

  it("offers the definition's own header buttons: refresh reads the page again, publish opens the editor", async () => {
    const { requests } = renderAdmin({ path: "/main/privacyPolicyList", service: privacyService });
    await screen.findByText("1.1.0");
    const before = pageRequests(requests);
    fireEvent.click(screen.getByRole("button", { name: /Refresh/ }));
    await waitFor(() => expect(pageRequests(requests)).toBeGreaterThan(before));

    fireEvent.click(screen.getByRole("button", { name: /Publish new version/ }));
    expect(await screen.findByText("Publish a new privacy-policy version", {}, { timeout: 30_000 })).toBeTruthy();
  });
});
