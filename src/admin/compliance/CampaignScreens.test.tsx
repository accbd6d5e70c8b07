// The campaign screens in the admin shell, from their definition: the list (figures, the
// superseded tag) and the show page (header figures, the per-department table, the people paged on
// the server with their signatures, filtered by state and by a department's row).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";
import type { CampaignPerson, CampaignProgress } from "./api";
import { campaign } from "./fixtures";

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const { policyVersionId: _v, contentHash: _h, restartedAt: _r, targets: _t, ...summary } = campaign({ superseded: true });
const PROGRESS: CampaignProgress = {
  total: 10,
  done: 4,
  pending: 4,
  overdue: 2,
  departments: [
    { deptId: 2, deptName: "Cardiology", total: 6, done: 2, pending: 2, overdue: 2 },
    { deptId: null, deptName: null, total: 4, done: 2, pending: 2, overdue: 0 },
  ],
};
const PERSON: CampaignPerson = {
  userId: 2,
  userName: "zhangwei",
  realName: "张伟",
  deptId: 2,
  deptName: "Cardiology",
  state: "done",
  doneAt: "2026-11-27 10:00:00",
  remindedAt: null,
  signature: {
    id: 9,
    printedName: "张伟",
    userName: "zhangwei",
    signedAt: "2026-11-27 10:00:00",
    timeZone: "Asia/Shanghai",
    meaning: "readUnderstood",
    method: "password",
    recordType: "policyVersion",
    recordId: "30",
    contentHash: "b".repeat(64),
  },
};

async function service(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
  if (path === "/compliance/campaign/page") return ok({ records: [summary], total: 1, page: 1, pageSize: 10 });
  if (path === "/compliance/campaign") return ok(campaign({ superseded: true }));
  if (path === "/compliance/campaign/progress") return ok(PROGRESS);
  if (path === "/compliance/campaign/people/page") return ok({ records: [PERSON], total: 1, page: 1, pageSize: 10 });
  if (path === "/bscPolicy/page") return ok({ records: [], total: 0, page: 1, pageSize: 100 });
  return json(404, envelope(404, "不存在", "Not found"));
}

const peopleBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.url.endsWith("/compliance/campaign/people/page")).map((r) => r.clone().json() as Promise<Record<string, unknown>>));

describe("campaign screens", () => {
  it("lists campaigns with their figures and the superseded tag", async () => {
    renderAdmin({ path: "/main/compliance/campaign", service });
    const row = (await screen.findByText("Travel policy 2026")).closest("tr")!;
    expect(within(row).getByText("Travel policy (2.0)")).toBeTruthy();
    expect(within(row).getByText("Superseded")).toBeTruthy();
    expect(within(row).getByText("Open")).toBeTruthy();
    expect(within(row).getByTestId("campaign-figures").textContent).toContain("4 done · 4 pending · 2 overdue");
    expect(within(row).getByRole("progressbar", { name: "4 done, 4 pending, 2 overdue of 10" })).toBeTruthy();
    // The menu entry and title speak the page's language (the label lives in adminCompliance.json).
    expect(screen.getAllByText("Read campaigns").length).toBeGreaterThan(0);
    expect(screen.queryByText(/menu\.campaign/)).toBeNull();
  });

  it("shows the figures, the departments and the people with their signatures; filters by a department's row", async () => {
    const { requests } = renderAdmin({ path: "/main/compliance/campaign/show/7", service });
    const page = await screen.findByTestId("campaign-show");
    expect(within(page).getByText("Cardiology", { selector: ".ant-tag" })).toBeTruthy();
    const departments = await screen.findByRole("region", { name: "By department" });
    expect(await within(departments).findByText("No department")).toBeTruthy();
    const people = screen.getByRole("region", { name: "People" });
    expect(await within(people).findByText(/Signed by 张伟 \(zhangwei\) on 2026-11-27 10:00:00/)).toBeTruthy();
    expect((await peopleBodies(requests))[0]).toEqual({ id: 7, page: 1, pageSize: 10 });

    fireEvent.click(within(departments).getByRole("button", { name: "Show Cardiology" }));
    await waitFor(async () => expect((await peopleBodies(requests)).at(-1)).toEqual({ id: 7, page: 1, pageSize: 10, deptId: 2 }));
    fireEvent.click(within(departments).getByRole("button", { name: "Show No department" }));
    await waitFor(async () => expect((await peopleBodies(requests)).at(-1)).toEqual({ id: 7, page: 1, pageSize: 10, deptId: 0 }));
    // The restart is offered: the campaign's version is superseded.
    expect(screen.getByRole("button", { name: /Restart for the new version/ })).toBeTruthy();
  });
});
