// The words load per language in three chunks (src/i18n/bundles): every namespace file is in exactly
// one of them, the admin*.json files with the admin shell, those of the user shell's pages other
// than the workspace with the first of them, and loadLanguage makes a language ready.
import { describe, expect, it } from "vitest";

import cn from "./bundles/cn";
import cnAdmin from "./bundles/cnAdmin";
import cnPages from "./bundles/cnPages";
import en from "./bundles/en";
import enAdmin from "./bundles/enAdmin";
import enPages from "./bundles/enPages";
import { LANGUAGES, i18n } from "./index";

const all = import.meta.glob("./locales/*/*.json");
const names = (files: Record<string, unknown>) => Object.keys(files).map((path) => path.replace(/^.*\/locales\//, "")).sort();

describe("locale bundles", () => {
  it("put every locale file in exactly one chunk of its language, the admin ones apart", () => {
    const byBundle = { cn: names(cn), cnAdmin: names(cnAdmin), cnPages: names(cnPages), en: names(en), enAdmin: names(enAdmin), enPages: names(enPages) };
    const every = names(all);
    expect(Object.values(byBundle).flat().sort()).toEqual(every);
    expect(byBundle.cnAdmin.length).toBeGreaterThan(0);
    // The pages' words are the same namespaces in both languages, and none the workspace needs.
    const pageNamespaces = ["apps", "complaints", "dataCentre", "help", "schedule", "search", "taskCentre"];
    expect(byBundle.cnPages).toEqual(pageNamespaces.map((ns) => `cn/${ns}.json`).sort());
    expect(byBundle.enPages).toEqual(pageNamespaces.map((ns) => `en/${ns}.json`).sort());
    for (const language of LANGUAGES) {
      expect(names(language === "cn" ? cn : en).every((f) => f.startsWith(`${language}/`) && !/\/admin/.test(f))).toBe(true);
      expect(names(language === "cn" ? cnAdmin : enAdmin).every((f) => f.startsWith(`${language}/admin`))).toBe(true);
    }
  });

  it("has every namespace of both languages in the i18n instance once loaded (test setup loads all)", () => {
    for (const path of Object.keys(all)) {
      const [, language, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
      expect(i18n.hasResourceBundle(language, ns)).toBe(true);
    }
  });
});
