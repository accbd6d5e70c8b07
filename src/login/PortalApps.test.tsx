// /portal's portal applications (issue 22 item 6: the admin's /outAppList had no visible effect):
// with a session, the on-shelf ones the server lists, each a new-tab link; without one, no call and
// no list (bscPortalApp/listAll is for signed-in callers); a failed call says so in place.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { envelope, json, testClient } from "../api/test-support";
import { setLanguage } from "../i18n";
import { writeSession } from "../shared/session";
import { ClientProvider } from "../api/ClientProvider";
import { PortalApps } from "./PortalApps";

const BUDGET = { timeout: 20_000 };
const portalApp = (id: number, name: string, url: string) => ({ id, name, url, keyword: `k${id}`, description: `About ${name}`, image: null, status: 1, userDevice: "all" });

beforeEach(async () => {
  await setLanguage("en");
});
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await setLanguage("cn");
});

describe("PortalApps", () => {
  it("lists the on-shelf portal applications the server answers, as new-tab links", async () => {
    writeSession("sid", "sid-123");
    const harness = testClient((request) =>
      new URL(request.url).pathname.endsWith("/bscPortalApp/listAll")
        ? json(200, envelope(0, "成功", "Success", [portalApp(1, "Mail", "https://mail.example.com"), portalApp(2, "CRM", "javascript:alert(1)")]))
        : json(404, envelope(404, "不存在", "Not found")),
    );
    render(<ClientProvider client={harness.client}><PortalApps /></ClientProvider>);
    const list = await screen.findByTestId("portal-apps");
    const mail = await within(list).findByRole("link", { name: "Mail (opens in a new tab)" }, BUDGET);
    expect(mail.getAttribute("href")).toBe("https://mail.example.com/");
    expect(mail.getAttribute("target")).toBe("_blank");
    expect(mail.getAttribute("rel")).toContain("noopener");
    expect(within(list).getByText("About Mail")).toBeTruthy();
    // An unsafe address is shown as a name, never as a link.
    expect(within(list).getByText("CRM")).toBeTruthy();
    expect(within(list).getAllByRole("link")).toHaveLength(1);
    expect(harness.requests.map((r) => new URL(r.url).pathname)).toEqual([expect.stringMatching(/\/bscPortalApp\/listAll$/)]);
  });

  it("says in place that none are on the shelf, or that the list failed", async () => {
    writeSession("sid", "sid-123");
    const empty = testClient(() => json(200, envelope(0, "成功", "Success", [])));
    render(<ClientProvider client={empty.client}><PortalApps /></ClientProvider>);
    expect(await screen.findByText("No portal applications are on the shelf", {}, BUDGET)).toBeTruthy();
    cleanup();
    const failing = testClient(() => json(500, envelope(500, "失败", "Failed")));
    render(<ClientProvider client={failing.client}><PortalApps /></ClientProvider>);
    expect(await screen.findByText("The portal applications could not be loaded", {}, BUDGET)).toBeTruthy();
  });

  it("asks nothing and shows nothing without a session", () => {
    const harness = testClient(() => json(200, envelope(0, "成功", "Success", [portalApp(1, "Mail", "https://mail.example.com")])));
    const { container } = render(<ClientProvider client={harness.client}><PortalApps /></ClientProvider>);
    expect(container.textContent).toBe("");
    expect(harness.requests).toHaveLength(0);
  });
});
