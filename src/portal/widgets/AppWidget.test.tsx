// My apps: the first 15 apps, each a link opening a new tab, the default icon for a missing or
// broken icon, the header link to the app centre, and spec 8's logged resultMessage.
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";
import { AppWidget } from "./AppWidget";
import { answerBy, failed, net, ok, renderWidget, resetNet, SLOW } from "./testing";

const app = (id: number, appIconUrl: string | null = null) => ({ id, appName: `App ${id}`, appIconUrl, appUrl: `https://apps.example/${id}` });
const serve = (answer: () => Response) => (net.answer = answerBy({ "/personalApp/listWidgetApp": answer }));

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
  vi.restoreAllMocks();
});

describe("my apps card", SLOW, () => {
  it("opens each app in a new tab without opener or referrer", async () => {
    serve(() => ok([app(1, "/icons/one.png"), app(2)]));
    renderWidget(<AppWidget editing={false} />);
    const link = await screen.findByRole("link", { name: "App 1 (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("https://apps.example/1");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByTestId("widget-more-app_model").getAttribute("href")).toBe("/main/appCenterIndex");
  });

  it("shows the default icon when the icon is missing or fails to load", async () => {
    serve(() => ok([app(1, "/icons/broken.png"), app(2)]));
    renderWidget(<AppWidget editing={false} />);
    const first = await screen.findByRole("link", { name: /App 1/ });
    const second = screen.getByRole("link", { name: /App 2/ });
    expect(within(second).getByTestId("widget-app-default-icon")).toBeTruthy();
    const img = first.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/icons/broken.png");
    expect(within(first).queryByTestId("widget-app-default-icon")).toBeNull();
    fireEvent.error(img);
    expect(first.querySelector("img")).toBeNull();
    expect(within(first).getByTestId("widget-app-default-icon")).toBeTruthy();
  });

  it("shows the first 15 apps", async () => {
    serve(() => ok(Array.from({ length: 18 }, (_, i) => app(i + 1))));
    renderWidget(<AppWidget editing={false} />);
    await screen.findByRole("link", { name: /App 15 / });
    expect(screen.queryByRole("link", { name: /App 16 / })).toBeNull();
    expect(within(screen.getByTestId("widget-app_model")).getAllByRole("listitem")).toHaveLength(15);
  });

  it("never links an unsafe address", async () => {
    serve(() => ok([{ ...app(1), appUrl: "javascript:alert(1)" }]));
    renderWidget(<AppWidget editing={false} />);
    expect(await screen.findByText("App 1")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /App 1/ })).toBeNull();
  });

  it("logs resultMessage of a failure and says it could not load (not \"no apps\"), without a toast; Retry loads", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    serve(failed);
    renderWidget(<AppWidget editing={false} />);
    expect((await screen.findByTestId("widget-failed")).textContent).toContain("Could not load.");
    expect(screen.queryByText("No apps yet")).toBeNull();
    expect(log).toHaveBeenCalledWith("服务器错误");
    expect(net.notified).toEqual([]);
    serve(() => ok([app(1)]));
    fireEvent.click(screen.getByRole("button", { name: /Retry/ }));
    expect(await screen.findByText("App 1")).toBeTruthy();
    expect(screen.queryByTestId("widget-failed")).toBeNull();
  });

  it("shows the empty state with no apps", async () => {
    serve(() => ok([]));
    renderWidget(<AppWidget editing={false} />);
    expect(await screen.findByText("No apps yet")).toBeTruthy();
  });
});
