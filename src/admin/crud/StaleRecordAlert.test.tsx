// Issue 20: an edit form whose save is refused because someone else changed the record since it was
// opened (409, code 4090) says so and offers to reload - nothing saved, nothing kept silently - and
// the reload shows the record as it is now; the next save goes from that version. A hand-built page
// (the role form) and a generic one (the tag form of src/admin/crud) alike.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, seededRoles, setUpAdminTests } from "../test-support";

setUpAdminTests();

/** Each wait's budget: a whole admin shell renders between the steps, on a machine that may be busy. */
const BUDGET = { timeout: 20_000 };

const TITLE = { en: "Someone else changed this record", cn: "该记录已被他人修改" };
/** The offer (the role page may show another alert: its permission tree did not load here). */
const offer = async (title: string = TITLE.en) => (await screen.findByText(title, {}, BUDGET)).closest<HTMLElement>('[role="alert"]')!;
const offerGone = (title: string = TITLE.en) => waitFor(() => expect(screen.queryByText(title)).toBeNull(), BUDGET);

describe("the reload offer of an edit refused as stale", () => {
  it("the role form: shows it instead of saving, reloads the role as it is now, then saves from that version", async () => {
    const roles = seededRoles();
    const { requests, notifications } = renderAdmin({ path: "/main/sys/role/edit/3", roles });
    const nameField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Role name" });
    await waitFor(() => expect(nameField().value).toBe("Editor"), BUDGET);

    // Someone else saves the role meanwhile.
    roles[2] = { ...roles[2], roleName: "Editor (theirs)", version: 2 };
    fireEvent.change(nameField(), { target: { value: "Mine" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    const alert = await offer();
    expect(alert.textContent).toContain("your changes were not saved");
    const puts = () => requests.filter((r) => r.method === "PUT");
    expect(await puts()[0].clone().json()).toMatchObject({ id: 3, roleName: "Mine", version: 1 });
    expect(roles[2].roleName).toBe("Editor (theirs)");
    // Told once, by the offer: no success and no error toast.
    expect(notifications).toEqual([]);
    expect(nameField().value).toBe("Mine"); // nothing replaced until the person chooses to reload

    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(nameField().value).toBe("Editor (theirs)"), BUDGET);
    await offerGone();

    fireEvent.change(nameField(), { target: { value: "Mine again" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(notifications).toContainEqual({ message: "Operation successful", type: "success" }), BUDGET);
    expect(await puts()[1].clone().json()).toMatchObject({ id: 3, roleName: "Mine again", version: 2 });
    expect(roles[2]).toMatchObject({ roleName: "Mine again", version: 3 });
  }, 90_000);

  it("the generic edit page (tags): the same offer, and the reload refetches the record", async () => {
    let tag = { id: 9, labelName: "财务", labelEnName: "Finance", status: 1, sort: 0, version: 4 };
    const sent: unknown[] = [];
    renderAdmin({
      path: "/main/tagManamentList/recommendTagsList/edit/9",
      intercept: async (request) => {
        const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
        if (path === "/bscLabel/getById") return json(200, envelope(0, "成功", "Success", tag));
        if (path === "/bscLabel" && request.method === "PUT") {
          const body = (await request.clone().json()) as typeof tag;
          sent.push(body);
          if (body.version !== tag.version) return json(409, envelope(4090, "该记录已被他人修改", "This record was changed by someone else since you opened it"));
          tag = { ...tag, ...body, version: tag.version + 1 };
          return json(200, envelope(0, "成功", "Success", tag.id));
        }
        if (path === "/bscLabel/page") return json(200, envelope(0, "成功", "Success", { records: [tag], total: 1, page: 1, pageSize: 10 }));
        return undefined;
      },
    });
    const field = () => screen.getByRole<HTMLInputElement>("textbox", { name: "English name" });
    await waitFor(() => expect(field().value).toBe("Finance"), BUDGET);
    tag = { ...tag, labelEnName: "Finance dept", version: 5 };
    fireEvent.change(field(), { target: { value: "Money" } });
    fireEvent.click(screen.getByRole("button", { name: /Save/ }));

    const alert = await offer();
    expect(sent).toEqual([expect.objectContaining({ id: 9, labelEnName: "Money", version: 4 })]);
    fireEvent.click(within(alert).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(field().value).toBe("Finance dept"), BUDGET);
    await offerGone();
  }, 90_000);

  it("speaks Chinese in the Chinese admin", async () => {
    const { setLanguage } = await import("../../i18n");
    await setLanguage("cn");
    const roles = seededRoles();
    renderAdmin({ path: "/main/sys/role/edit/3", roles });
    const nameField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "角色名称" });
    await waitFor(() => expect(nameField().value).toBe("Editor"), BUDGET);
    roles[2] = { ...roles[2], version: 9 };
    fireEvent.click(screen.getByRole("button", { name: /保\s*存/ }));
    const alert = await offer(TITLE.cn);
    expect(alert.textContent).toContain("您的更改未保存");
    expect(within(alert).getByRole("button", { name: /重新加载/ })).toBeTruthy();
  }, 90_000);
});
