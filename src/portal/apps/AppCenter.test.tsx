// The App centre with a fake client: groups by tag with "all" and untagged chips, the search
// filter, the favourite star (sent, shown first, put back when the save fails), new-tab links,
// the default icon, and the loading error state.
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, renderWidget, resetNet } from "../widgets/testing";
import AppCenter from "./AppCenter";

// Many antd rows on a machine shared by many test runs: generous waits.
configure({ asyncUtilTimeout: 15_000 });
const PAGE = { timeout: 90_000 };

const app = (id: number, appName: string, appSort: number, favoriteStatus = 0, appIconUrl: string | null = `/app-icons/${id}.svg`) => ({
  id,
  userId: 7,
  appName,
  appUrl: `https://app${id}.example.com`,
  appIconUrl,
  appSort,
  favoriteStatus,
  diyStatus: 0,
});
const GROUPS = [
  { labelId: 2, labelName: "财务", labelEnName: "Finance", apps: [app(1, "Expenses", 1), app(2, "Travel", 2)] },
  { labelId: 3, labelName: "人事", labelEnName: "HR", apps: [app(3, "Leave", 3), app(1, "Expenses", 1)] },
  { labelId: null, labelName: null, labelEnName: null, apps: [app(5, "Mail", 5, 0, null)] },
];

function serve(favourite: (request: Request) => Response | Promise<Response> = () => ok(1)) {
  net.answer = answerBy({
    "/personalApp/getLabelAppList": () => ok(GROUPS),
    "/personalApp/updateAppFavoriteStatus": favourite,
  });
}
const group = (id: string) => screen.getByTestId(`app-group-${id}`);
const names = (id: string) => within(group(id)).getAllByRole("link").map((link) => link.getAttribute("aria-label"));

beforeEach(async () => {
  await setLanguage("en");
  sessionStorage.setItem("userId", "7");
});
afterEach(() => {
  cleanup();
  resetNet();
  sessionStorage.clear();
});

describe("app centre", PAGE, () => {
  it("groups the user's apps by tag with the untagged group last and opens apps in a new tab", async () => {
    serve();
    renderWidget(<AppCenter />);
    await screen.findByTestId("app-group-tag-2");
    expect(new URL(net.calls("/personalApp/getLabelAppList")[0].url).searchParams.get("userId")).toBe("7");
    const titles = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(["Finance (2)", "HR (2)", "Untagged (1)"]);
    const chips = within(screen.getByTestId("app-centre-chips")).getAllByRole("radio");
    expect(chips.map((chip) => chip.closest("label")?.textContent)).toEqual(["All (4)", "Finance (2)", "HR (2)", "Untagged (1)"]);

    const link = within(group("tag-2")).getByRole("link", { name: "Open Expenses (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("https://app1.example.com/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(group("none")).getByTestId("app-default-icon")).toBeTruthy();
    expect(within(group("tag-2")).queryByTestId("app-default-icon")).toBeNull();
  });

  it("filters by chip and by search text", async () => {
    serve();
    renderWidget(<AppCenter />);
    await screen.findByTestId("app-group-tag-2");
    fireEvent.click(screen.getByRole("radio", { name: "HR (2)" }));
    expect(screen.queryByTestId("app-group-tag-2")).toBeNull();
    expect(names("tag-3")).toEqual(["Open Expenses (opens in a new tab)", "Open Leave (opens in a new tab)"]); // by appSort

    fireEvent.click(screen.getByRole("radio", { name: "All (4)" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search apps by name or address" }), { target: { value: "MAIL" } });
    expect(screen.queryByTestId("app-group-tag-2")).toBeNull();
    expect(names("none")).toEqual(["Open Mail (opens in a new tab)"]);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search apps by name or address" }), { target: { value: "zzz" } });
    expect(screen.getByText("No app matches your search")).toBeTruthy();
  });

  it("stars an app: sends the change, lists it first and in the favourites", async () => {
    serve();
    renderWidget(<AppCenter />);
    await screen.findByTestId("app-group-tag-2");
    expect(screen.queryByTestId("app-group-favourites")).toBeNull();
    const star = within(group("tag-2")).getByRole("button", { name: "Add Travel to favourites" });
    expect(star.getAttribute("aria-pressed")).toBe("false");
    await act(async () => {
      fireEvent.click(star);
    });
    await waitFor(() => expect(net.calls("/personalApp/updateAppFavoriteStatus")).toHaveLength(1));
    expect(await net.calls("/personalApp/updateAppFavoriteStatus")[0].clone().json()).toEqual({ id: 2, favoriteStatus: 1 });
    expect(names("tag-2")[0]).toBe("Open Travel (opens in a new tab)");
    expect(names("favourites")).toEqual(["Open Travel (opens in a new tab)"]);
    await waitFor(() => expect(within(group("tag-2")).getByRole("button", { name: "Remove Travel from favourites" }).getAttribute("aria-pressed")).toBe("true"));
  });

  it("puts the star back when the save fails", async () => {
    serve(() => failed());
    renderWidget(<AppCenter />);
    await screen.findByTestId("app-group-tag-2");
    await act(async () => {
      fireEvent.click(within(group("tag-2")).getByRole("button", { name: "Add Travel to favourites" }));
    });
    await waitFor(() => expect(net.notified.length).toBe(1));
    await waitFor(() => expect(screen.queryByTestId("app-group-favourites")).toBeNull());
    expect(names("tag-2")[0]).toBe("Open Expenses (opens in a new tab)");
  });

  it("shows an error with a retry when the apps cannot be loaded, and Chinese names", async () => {
    await setLanguage("cn");
    let calls = 0;
    net.answer = answerBy({ "/personalApp/getLabelAppList": () => (++calls === 1 ? failed() : ok(GROUPS)) });
    renderWidget(<AppCenter />);
    const retry = await screen.findByRole("button", { name: /重\s*试/ });
    expect(screen.getByText("无法加载您的应用")).toBeTruthy();
    fireEvent.click(retry);
    await screen.findByTestId("app-group-tag-2");
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["财务 (2)", "人事 (2)", "未分类 (1)"]);
  });

  it("offers Customize when the user has no app", async () => {
    net.answer = answerBy({ "/personalApp/getLabelAppList": () => ok([]) });
    renderWidget(<AppCenter />);
    await screen.findByText("You have no apps yet. Add some in Customize.");
    fireEvent.click(screen.getAllByRole("button", { name: /Customize/ })[1]);
    expect(screen.getByTestId("address").textContent).toBe("/main/appCenterIndex/customIndex");
  });
});
