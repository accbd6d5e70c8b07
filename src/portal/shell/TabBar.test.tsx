// The tab bar and the kept-alive views together, as the shell mounts them under /main/*: a visit
// adds a tab, a hidden view keeps its state, Refresh and close remount it, closing the active tab
// shows the last remaining one, closing a help-centre tab resets the help page info, and the tabs
// are stored for a reload. The pages here are stand-ins with a text field.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, type RouteObject } from "react-router";

import { setLanguage } from "../../i18n";
import { helpPageInfoStore, setHelpPageInfo } from "../helpPageInfo";
import { KeepAlive } from "./KeepAlive";
import { TabBar } from "./TabBar";
import { useVisitedViews } from "./useVisitedViews";

function Page({ name }: { name: string }) {
  return <input aria-label={name} />;
}

const PAGES = ["workingSpace", "appCenterIndex", "helpCenter", "missionCenterIndex"];
const TAB_PATHS = PAGES.map((page) => `/main/${page}`);
const ROUTES: RouteObject[] = [
  { index: true, element: <Navigate to="workingSpace" replace /> },
  ...PAGES.map((page) => ({ path: page, element: <Page name={page} /> })),
  { path: "task", element: <Navigate to="/main/missionCenterIndex" replace /> },
  { path: "404", element: <p>not found</p> },
  { path: "*", element: <Navigate to="/main/404" replace /> },
];

let go: (to: string) => void = () => undefined;

function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  const { views, activePath, liveViews, activate, close, refresh } = useVisitedViews(TAB_PATHS);
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <TabBar views={views} activePath={activePath} onActivate={activate} onClose={close} onRefresh={refresh} />
      <KeepAlive routes={ROUTES} liveViews={liveViews} activePath={activePath} location={location} />
    </>
  );
}

function mount(at = "/main/workingSpace") {
  window.history.replaceState(null, "", at);
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/main/*" element={<Shell />} />
      </Routes>
    </BrowserRouter>,
  );
}

const tabTitles = () => within(screen.getByRole("tablist")).getAllByRole("tab").map((tab) => tab.textContent);
const address = () => screen.getByTestId("address").textContent;
const visit = async (to: string) => act(async () => go(to));
const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const tab = (title: string) => screen.getByRole("tab", { name: title });
/** The pointer's close cross of a tab (hidden from assistive technology: no control in a tab). */
const closeCross = (title: string) => tab(title).querySelector<HTMLElement>('[data-testid="tab-close"]')!;

async function menuAction(title: string, label: string) {
  fireEvent.contextMenu(tab(title));
  const item = await screen.findByRole("menuitem", { name: label });
  await act(async () => fireEvent.click(item));
}

beforeEach(async () => {
  sessionStorage.clear();
  await setLanguage("cn");
});
afterEach(() => {
  cleanup();
  helpPageInfoStore.reset();
});

describe("tab bar of visited views", () => {
  it("adds a tab per visited page, never for redirects or the 404 page", async () => {
    mount();
    expect(tabTitles()).toEqual(["工作空间"]);
    expect(within(tab("工作空间")).queryByRole("button")).toBeNull(); // the affix tab has no close
    await visit("/main/appCenterIndex");
    await visit("/main/task");
    await visit("/main/elsewhere");
    await visit("/main");
    expect(address()).toBe("/main/workingSpace");
    expect(tabTitles()).toEqual(["工作空间", "应用中心", "任务中心"]);
    expect(tab("应用中心").getAttribute("aria-selected")).toBe("false");
    expect(tab("工作空间").getAttribute("aria-selected")).toBe("true");
  });

  it("keeps a hidden view's state, and Refresh or a close drops it", async () => {
    mount();
    fireEvent.change(field("workingSpace"), { target: { value: "kept" } });
    await visit("/main/appCenterIndex");
    fireEvent.change(field("appCenterIndex"), { target: { value: "also kept" } });
    await act(async () => fireEvent.click(tab("工作空间")));
    expect(address()).toBe("/main/workingSpace");
    expect(field("workingSpace").value).toBe("kept");
    expect(field("appCenterIndex").value).toBe("also kept"); // hidden, not gone

    await menuAction("工作空间", "刷新");
    expect(field("workingSpace").value).toBe("");

    await act(async () => fireEvent.click(closeCross("应用中心")));
    expect(screen.queryByLabelText("appCenterIndex")).toBeNull();
    await visit("/main/appCenterIndex");
    expect(field("appCenterIndex").value).toBe("");
  });

  it("closing the active tab shows the last remaining one, or the workspace after close all", async () => {
    mount();
    await visit("/main/appCenterIndex");
    await visit("/main/helpCenter?page=2");
    await visit("/main/missionCenterIndex");
    await visit("/main/helpCenter?page=2");
    await menuAction("帮助中心", "关闭当前");
    expect(address()).toBe("/main/missionCenterIndex");
    expect(tabTitles()).toEqual(["工作空间", "应用中心", "任务中心"]);

    await visit("/main/helpCenter");
    await menuAction("应用中心", "关闭右侧");
    expect(tabTitles()).toEqual(["工作空间", "应用中心"]);
    expect(address()).toBe("/main/appCenterIndex");

    await menuAction("应用中心", "全部关闭");
    expect(tabTitles()).toEqual(["工作空间"]);
    expect(address()).toBe("/main/workingSpace");
  });

  it("closing a help-centre tab resets the help page info", async () => {
    mount();
    await visit("/main/helpCenter");
    await visit("/main/appCenterIndex");
    act(() => setHelpPageInfo({ isSubPage: true, subTitle: "x", currentPage: 4 }));
    await menuAction("应用中心", "关闭其他");
    expect(helpPageInfoStore.get()).toMatchObject({ isSubPage: false, subTitle: "", currentPage: 1 });
  });

  it("keyboard: Enter opens a tab, Delete closes it, Shift+F10 opens the menu", async () => {
    mount();
    await visit("/main/appCenterIndex");
    await visit("/main/helpCenter");
    await act(async () => fireEvent.keyDown(tab("应用中心"), { key: "Enter" }));
    expect(address()).toBe("/main/appCenterIndex");
    await act(async () => fireEvent.keyDown(tab("应用中心"), { key: "Delete" }));
    expect(address()).toBe("/main/helpCenter");
    await act(async () => fireEvent.keyDown(tab("工作空间"), { key: "Delete" }));
    expect(tabTitles()).toEqual(["工作空间", "帮助中心"]);
    await act(async () => fireEvent.keyDown(tab("帮助中心"), { key: "F10", shiftKey: true }));
    expect(await screen.findByRole("menuitem", { name: "关闭左侧" })).toBeTruthy();
  });

  it("a close while a navigation to that tab is still rendering closes it for good", async () => {
    mount();
    await visit("/main/appCenterIndex");
    await visit("/main/missionCenterIndex");
    go("/main/appCenterIndex"); // the address changes now; the router renders it in a transition
    expect(address()).toBe("/main/missionCenterIndex");
    await act(async () => fireEvent.keyDown(tab("应用中心"), { key: "Delete" }));
    expect(tabTitles()).toEqual(["工作空间", "任务中心"]);
    expect(address()).toBe("/main/missionCenterIndex");
  });

  it("two closes before the bar renders again both hold", async () => {
    mount();
    await visit("/main/appCenterIndex");
    await visit("/main/helpCenter");
    await visit("/main/missionCenterIndex");
    const closeApps = closeCross("应用中心");
    const closeHelp = closeCross("帮助中心");
    await act(async () => {
      closeApps.click();
      closeHelp.click();
    });
    expect(tabTitles()).toEqual(["工作空间", "任务中心"]);
  });

  it("no tab holds a control (issue 21): the close cross is for the pointer, the keyboard has Delete", async () => {
    mount();
    await visit("/main/appCenterIndex");
    for (const title of ["工作空间", "应用中心"]) {
      // Nothing inside a tab is a control, focusable or named for assistive technology.
      expect(within(tab(title)).queryAllByRole("button", { hidden: true })).toEqual([]);
      expect(tab(title).querySelectorAll("[tabindex], button, a, input")).toHaveLength(0);
    }
    expect(tab("工作空间").querySelector('[data-testid="tab-close"]')).toBeNull(); // the affix tab
    const cross = closeCross("应用中心");
    expect(cross.getAttribute("aria-hidden")).toBe("true");
    expect(tab("应用中心").getAttribute("aria-keyshortcuts")).toBe("Delete");
    await act(async () => fireEvent.click(cross));
    expect(tabTitles()).toEqual(["工作空间"]);
  });

  it("stores the open tabs and restores them, dropping bad entries", async () => {
    sessionStorage.setItem("visitedViews", JSON.stringify(["/main/helpCenter?page=3", "/main/404", 5, "/main/appCenterIndex"]));
    mount("/main/appCenterIndex");
    expect(tabTitles()).toEqual(["工作空间", "帮助中心", "应用中心"]);
    await act(async () => fireEvent.click(tab("帮助中心")));
    expect(address()).toBe("/main/helpCenter?page=3");
    expect(JSON.parse(sessionStorage.getItem("visitedViews") ?? "null")).toEqual([
      "/main/workingSpace",
      "/main/helpCenter?page=3",
      "/main/appCenterIndex",
    ]);
  });

  it("titles follow the language", async () => {
    mount();
    await visit("/main/missionCenterIndex");
    await act(async () => setLanguage("en"));
    expect(tabTitles()).toEqual(["Workspace", "Task Center"]);
  });
});
