// Spec 7: three configurable base hosts, and which path goes to which service.
import { describe, expect, it } from "vitest";
import { DEFAULT_API_BASE, hostsFromEnv, resolveHosts, serviceOf } from "./hosts";
import { HOSTS, envelope, json, testClient } from "./test-support";

describe("serviceOf", () => {
  it.each([
    ["/helpCenter/getHelpCenterList", "help"],
    ["/helpcenterTalkShow/pageTalkShow", "help"],
    ["/helpcenterTalkShow", "help"],
    ["/bscPolicy/page", "help"],
    ["/bscPolicy", "help"],
    ["/bscFolder/saveBatch", "help"],
    ["/personalApp/listByUserId", "content"],
    ["/personalLayout/saveBatch", "content"],
    ["/personalStatusRecord", "content"],
    ["/personalWeatherCity/listByUserId", "content"],
    ["/weatherCity/getByName", "content"],
    ["/bscDefaultLayout", "content"],
    ["/search/searchEmployee", "content"],
    ["/sysUserEx/getUserInfo", "admin"],
    ["/sysRole/page", "admin"],
    ["/bscPolicyX/page", "admin"],
    ["/bscApp/listAll", "admin"],
    ["/api/user/checkLoginStatus", "admin"],
    ["/fileInfoEx/downloadFile", "admin"],
  ])("%s -> %s", (path, service) => {
    expect(serviceOf(path)).toBe(service);
  });
});

describe("host configuration", () => {
  it("each host defaults to this server's /portal-api prefix", () => {
    expect(hostsFromEnv({})).toEqual({ admin: DEFAULT_API_BASE, content: DEFAULT_API_BASE, help: DEFAULT_API_BASE });
    expect(DEFAULT_API_BASE).toBe("/portal-api");
  });

  it("takes VITE_ADMIN_API_BASE, VITE_CONTENT_API_BASE and VITE_HELP_API_BASE", () => {
    expect(
      hostsFromEnv({ VITE_ADMIN_API_BASE: "https://a/x", VITE_CONTENT_API_BASE: "https://c/y", VITE_HELP_API_BASE: "https://h/z" }),
    ).toEqual({ admin: "https://a/x", content: "https://c/y", help: "https://h/z" });
  });

  it("resolves a relative host against the page and drops a trailing slash", () => {
    expect(resolveHosts({ admin: "/portal-api", content: "/portal-api/", help: "https://h.test/api/" }, "https://portal.test/main/x")).toEqual({
      admin: "https://portal.test/portal-api",
      content: "https://portal.test/portal-api",
      help: "https://h.test/api",
    });
  });
});

describe("the client sends each call to its service's host", () => {
  const ok = () => json(200, envelope(0, "", "", null));

  it.each([
    ["/sysUserEx/getUserInfo", `${HOSTS.admin}/sysUserEx/getUserInfo`],
    ["/bscDefaultLayout", `${HOSTS.content}/bscDefaultLayout`],
    ["/helpCenter/getLabelList", `${HOSTS.help}/helpCenter/getLabelList`],
  ] as const)("GET %s", async (path, url) => {
    const t = testClient(ok);
    await t.client.GET(path);
    expect(t.requests[0].url).toBe(url);
  });

  it("keeps the query string and the body when moving a call", async () => {
    const t = testClient(ok);
    await t.client.POST("/personalCalendar/listCalendar", {
      body: { startTime: "2025-01-02 00:00:00", endTime: "2025-01-02 23:59:59", userId: 7 },
    });
    await t.client.GET("/weatherCity/getByName", { params: { query: { cityName: "上海" } } });
    expect(t.requests[0].url).toBe(`${HOSTS.content}/personalCalendar/listCalendar`);
    expect(t.requests[0].method).toBe("POST");
    expect(await t.requests[0].json()).toEqual({ startTime: "2025-01-02 00:00:00", endTime: "2025-01-02 23:59:59", userId: 7 });
    expect(t.requests[1].url).toBe(`${HOSTS.content}/weatherCity/getByName?cityName=${encodeURIComponent("上海")}`);
  });

  it("leaves a call alone when the caller gave it its own baseUrl", async () => {
    const t = testClient(ok);
    await t.client.GET("/bscDefaultLayout", { baseUrl: "http://elsewhere.test/api" });
    expect(t.requests[0].url).toBe("http://elsewhere.test/api/bscDefaultLayout");
  });

  it("with the default hosts everything goes to /portal-api on this origin", async () => {
    const t = testClient(ok, { hosts: {} });
    await t.client.GET("/helpCenter/getLabelList");
    expect(t.requests[0].url).toBe(new URL("/portal-api/helpCenter/getLabelList", location.href).href);
  });
});
