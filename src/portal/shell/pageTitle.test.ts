import { describe, expect, it } from "vitest";

import { i18n, setLanguage } from "../../i18n";
import { pageTitle } from "./pageTitle";

describe("the page's h1", () => {
  it("is the tab's title, in the language in use, and says so on the 404 page", async () => {
    await setLanguage("cn");
    const t = i18n.getFixedT("cn");
    expect(pageTitle("/main/workingSpace", t)).toBe("工作空间");
    expect(pageTitle("/main/helpDetail", t)).toBe("帮助中心 · 详情");
    expect(pageTitle("/main/quitLogon", t)).toBe("退出登录");
    expect(pageTitle("/main/404", t)).toBe("页面不存在");
    const en = i18n.getFixedT("en");
    expect(pageTitle("/main/missionCenterIndex", en)).toBe("Task Center");
    expect(pageTitle("/main/404", en)).toBe("Page not found");
  });
});
