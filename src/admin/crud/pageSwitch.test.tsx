// Issue 18: going from 推荐标签 to 应用标签 through the side menu blanked the admin shell. React
// Router put the application tags' generic list in the place of the tags' one as the same
// component instance, refine's table kept the tag rows for a moment, and the application tags'
// cell read `labels` of a tag row and threw. Each page of the registry is now keyed by resource and
// has an error boundary of its own.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const paged = (records: unknown[]) => ok({ records, total: records.length, page: 1, pageSize: 10 });

/** The tag service: a slow application-tag page, as a real server is slower than a cached query. */
async function tagService(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
  if (path === "/bscLabel/page")
    return paged([{ id: 1, labelName: "人事", labelEnName: "HR", sort: 0, status: 1, appCount: 0, deptCount: 0, policyCount: 0, createTime: "2024-01-01 09:00:00" }]);
  if (path === "/bscLabel/pageAppLabel") {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return paged([{ appId: 7, appName: "CRM", labels: [{ id: 1, labelName: "人事", labelEnName: "HR", status: 1 }] }]);
  }
  if (path === "/bscLabel") return ok([]);
  return json(404, envelope(404, "不存在", "Not found"));
}

describe("moving between admin pages through the side menu", () => {
  it("shows the next resource's own rows, never the previous one's with its columns", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      renderAdmin({ path: "/main/tagManamentList/recommendTagsList", service: tagService });
      expect(await screen.findByRole("cell", { name: "HR" })).toBeTruthy();

      fireEvent.click(screen.getByRole("link", { name: "Application tags" }));
      const row = (await screen.findByRole("cell", { name: "CRM" })).closest("tr")!;
      expect(within(row).getByText("HR")).toBeTruthy();
      expect(screen.queryByText("The page could not be loaded.")).toBeNull();
      // React reports an error caught by a boundary with console.error: none was thrown.
      expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(expect.stringMatching(/page failed to load|Cannot read properties/));
    } finally {
      errors.mockRestore();
    }
  });
});
