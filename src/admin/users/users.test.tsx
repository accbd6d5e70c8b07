// The user list and create page from the sysUser definition (issue 22): role tags named in the
// page's language for seeded roles, the plural total, the role filter from GET /sysRole sent as
// an equality, the reset row action, and the first password shown once after a create.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import { setLanguage } from "../../i18n";
import { renderAdmin, setUpAdminTests } from "../test-support";
import type { components } from "../../api/schema";

setUpAdminTests();

type SysUser = components["schemas"]["SysUser"];
type SysRole = components["schemas"]["SysRole"];

// As the demo seed stores them (server/src/db/seed.ts), plus one an administrator created.
const roles: SysRole[] = [
  { id: 2, roleName: "员工", roleCode: "staff", status: 1, version: 1 },
  { id: 3, roleName: "编辑", roleCode: "editor", status: 1, version: 1 },
  { id: 4, roleName: "质量审核", roleCode: "qa", status: 1, version: 1 },
];
const lina: SysUser = {
  id: 7, userName: "lina", realName: "Li Na", roleCodes: ["staff", "editor", "qa"], roleNames: ["员工", "编辑", "质量审核"],
  bu: "Quality", email: "li.na@example.com", phone: null, status: 1, createTime: "2026-11-01 09:00:00", version: 1,
};

function userService() {
  const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
  const created: unknown[] = [];
  const service = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
    if (path === "/sysUserRole/page") return ok({ records: [lina], total: 1, page: 1, pageSize: 10 });
    if (path === "/sysRole" && request.method === "GET") return ok(roles);
    if (path === "/sysUserRole" && request.method === "POST") {
      created.push(await request.clone().json());
      return ok({ id: 8, initialPassword: "Given4You9" });
    }
    return json(404, envelope(404, "不存在", "Not found"));
  };
  return { service, created };
}

const pageBodies = (requests: Request[]) => Promise.all(requests.filter((r) => r.url.endsWith("/sysUserRole/page")).map((r) => r.clone().json()));

describe("user list (sysUser definition)", () => {
  it("names seeded roles in English, keeps an administrator's role name, and counts one user in the singular", async () => {
    renderAdmin({ path: "/main/sys/user", service: userService().service });
    const row = (await screen.findByRole("cell", { name: "lina" })).closest("tr")!;
    expect(Array.from(row.querySelectorAll(".ant-tag")).map((tag) => tag.textContent)).toEqual(["Staff", "Editor", "质量审核"]);
    expect(screen.getByText("1 user in all")).toBeTruthy();
    expect(within(row).getByRole("button", { name: /Reset password/ })).toBeTruthy();
  });

  it("shows the seeded names in Chinese", async () => {
    await setLanguage("cn");
    renderAdmin({ path: "/main/sys/user", service: userService().service });
    const row = (await screen.findByRole("cell", { name: "lina" })).closest("tr")!;
    expect(Array.from(row.querySelectorAll(".ant-tag")).map((tag) => tag.textContent)).toEqual(["员工", "编辑", "质量审核"]);
    expect(screen.getByText("共 1 个用户")).toBeTruthy();
  });

  it("filters by a role read from the server, as an equality on its code", async () => {
    const { requests } = renderAdmin({ path: "/main/sys/user", service: userService().service });
    await screen.findByRole("cell", { name: "lina" });
    const search = screen.getByRole("search");
    fireEvent.mouseDown(within(search).getAllByRole("combobox")[0]);
    fireEvent.click(await screen.findByTitle("Editor (editor)"));
    fireEvent.click(within(search).getByRole("button", { name: /Search/ }));
    await waitFor(async () => expect((await pageBodies(requests)).at(-1)).toMatchObject({ roleCode: "editor" }));
    expect((await pageBodies(requests)).at(-1)).not.toHaveProperty("userName", expect.anything());
  });

  it("shows the generated password once after a create, empty optional fields sent as null", async () => {
    const { service, created } = userService();
    renderAdmin({ path: "/main/sys/user/create", service });
    expect(await screen.findByRole("heading", { name: "Create user" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Account"), { target: { value: "wangfang" } });
    fireEvent.change(screen.getByLabelText("Real name"), { target: { value: "Wang Fang" } });
    fireEvent.mouseDown(screen.getByLabelText("Roles"));
    fireEvent.click(await screen.findByTitle("Staff (staff)"));
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    const dialog = await screen.findByRole("dialog", { name: "wangfang was created" });
    expect(within(dialog).getByTestId("password-once").textContent).toBe("Given4You9");
    expect(created[0]).toMatchObject({ userName: "wangfang", realName: "Wang Fang", roleCodes: ["staff"], status: 1, bu: null, email: null, phone: null });
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(await screen.findByRole("cell", { name: "lina" })).toBeTruthy();
  });
});
