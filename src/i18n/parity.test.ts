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
