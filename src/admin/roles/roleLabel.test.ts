// The seeded roles' names as the client knows them are the seed's (server/src/db/seed.ts) and the
// Chinese locale's; an English page names them by code, any other name stays as stored.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import i18next from "i18next";

import cn from "../../i18n/locales/cn/admin.json";
import en from "../../i18n/locales/en/admin.json";
import { SEEDED_ROLE_NAMES, roleLabel } from "./roleLabel";

describe("roleLabel", () => {
  it("knows the seed's role names, which the Chinese locale repeats", () => {
    const seed = readFileSync(resolve(process.cwd(), "server/src/db/seed.ts"), "utf8");
    const seeded = Object.fromEntries([...seed.matchAll(/roleName: "([^"]+)", roleCode: "([^"]+)"/g)].map(([, name, code]) => [code, name]));
    expect(SEEDED_ROLE_NAMES).toEqual(seeded);
    expect(cn.roles.seeded).toEqual(seeded);
    expect(Object.keys(en.roles.seeded).sort()).toEqual(Object.keys(seeded).sort());
  });

  it("names an unchanged seeded role in the page's language and keeps any other stored name", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { admin: en } } });
    expect(roleLabel("editor", "编辑", i18n.t)).toBe("Editor");
    expect(roleLabel("editor", "内容编辑", i18n.t)).toBe("内容编辑"); // renamed by an administrator
    expect(roleLabel("qa", "质量审核", i18n.t)).toBe("质量审核"); // created by an administrator
  });
});
