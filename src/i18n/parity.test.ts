// Both languages must carry exactly the same keys in every namespace (ARCHITECTURE 6), with the
// same {{placeholders}}, so switching language never shows a raw key or drops a value.
import { describe, expect, it } from "vitest";

import { LANGUAGES, buildResources, type LocaleFiles, type Resources } from "./index";

const files = import.meta.glob<LocaleFiles[string]>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

type Tree = Record<string, unknown>;

function leaves(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: unknown) =>
  typeof text === "string" ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort() : [];

/** Every difference between the languages, one readable line each. */
function parityGaps(resources: Resources, languages: readonly string[]): string[] {
  const gaps: string[] = [];
  const allNamespaces = new Set(languages.flatMap((l) => Object.keys(resources[l] ?? {})));
  for (const ns of allNamespaces) {
    const byLanguage = languages.map((l) => [l, leaves((resources[l]?.[ns] ?? {}) as Tree)] as const);
    const allKeys = new Set(byLanguage.flatMap(([, keys]) => [...keys.keys()]));
    for (const key of allKeys) {
      for (const [language, keys] of byLanguage) {
        if (!keys.has(key)) gaps.push(`${language}/${ns}.json lacks ${key}`);
        else if (typeof keys.get(key) !== "string" || keys.get(key) === "")
          gaps.push(`${language}/${ns}.json ${key} is not a non-empty string`);
      }
      const shapes = new Set(byLanguage.map(([, keys]) => placeholders(keys.get(key)).join(",")));
      if (shapes.size > 1 && byLanguage.every(([, keys]) => keys.has(key)))
        gaps.push(`${ns}.json ${key} has different {{placeholders}} per language`);
    }
  }
  return gaps;
}

/**
 * i18next plurals (issue 21: "1 entries", "card(s)"): a key counted with {{count}} comes as key_one
 * and key_other. English needs both; Chinese has one plural form (Intl.PluralRules("zh") knows only
 * "other"), but its file keeps the same two keys with the same text so the parity check above
 * holds and a runtime that resolves the non-standard code "cn" to English rules still finds a form.
 */
function pluralGaps(resources: Resources, languages: readonly string[]): string[] {
  const gaps: string[] = [];
  for (const language of languages)
    for (const [ns, tree] of Object.entries(resources[language] ?? {})) {
      const keys = leaves(tree as Tree);
      for (const key of keys.keys()) {
        const plural = /^(.*)_(one|other)$/.exec(key);
        if (!plural) continue;
        const twin = `${plural[1]}_${plural[2] === "one" ? "other" : "one"}`;
        if (!keys.has(twin)) gaps.push(`${language}/${ns}.json has ${key} without ${twin}`);
        if (!placeholders(keys.get(key)).includes("count")) gaps.push(`${language}/${ns}.json ${key} does not show {{count}}`);
        if (keys.has(plural[1])) gaps.push(`${language}/${ns}.json has both ${plural[1]} and its plural forms`);
      }
    }
  return gaps;
}

describe("locale parity", () => {
  const resources = buildResources(files);

  it("has a folder for each language and the namespaces this app needs", () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(resources[language] ?? {})).toEqual(
        expect.arrayContaining(["common", "login", "portal"]),
      );
    }
  });

  it("every key of every namespace exists in both languages", () => {
    expect(parityGaps(resources, LANGUAGES)).toEqual([]);
  });

  it("every plural key has both forms and shows the count", () => {
    expect(pluralGaps(resources, LANGUAGES)).toEqual([]);
  });

  it("English counts one and many (issue 21: no \"1 entries\", no \"card(s)\")", async () => {
    const { i18n, loadAllLocales } = await import("./index");
    await loadAllLocales();
    const en = i18n.getFixedT("en");
    expect(en("schedule:count", { count: 1 })).toBe("1 entry");
    expect(en("schedule:count", { count: 10 })).toBe("10 entries");
    expect(en("workspace:remove.title", { count: 1 })).toBe("Remove 1 card from the workspace?");
    expect(en("workspace:remove.title", { count: 2 })).toBe("Remove 2 cards from the workspace?");
    expect(en("taskCentre:total", { count: 1 })).toBe("1 task");
    expect(en("widgets:tasks.pendingLabel", { count: 1 })).toBe("1 task waiting for you");
    const cn = i18n.getFixedT("cn");
    expect(cn("schedule:count", { count: 1 })).toBe("1 个日程");
    expect(cn("workspace:remove.title", { count: 3 })).toBe("确定从工作空间删除 3 张卡片吗？");
  });

  it("the plural check reports a lone form and a form without the count", () => {
    const broken: Resources = { en: { s: { a_one: "one a", a_other: "{{count}} as", b_other: "{{count}} bs" } } };
    expect(pluralGaps(broken, ["en"])).toEqual(["en/s.json a_one does not show {{count}}", "en/s.json has b_other without b_one"]);
  });

  it("the check reports a key missing in one language", () => {
    const broken: Resources = {
      en: { common: { a: "A", nested: { b: "B" } } },
      cn: { common: { a: "甲", nested: {} }, extra: { c: "丙" } },
    };
    expect(parityGaps(broken, ["en", "cn"])).toEqual([
      "cn/common.json lacks nested.b",
      "en/extra.json lacks c",
    ]);
  });

  it("the check reports placeholders that differ", () => {
    const broken: Resources = {
      en: { portal: { hello: "Hello {{name}}" } },
      cn: { portal: { hello: "你好" } },
    };
    expect(parityGaps(broken, ["en", "cn"])).toEqual([
      "portal.json hello has different {{placeholders}} per language",
    ]);
  });
});
