// i18next setup: every locale file under ./locales/<language>/<namespace>.json is picked up by
// the globs of ./bundles, so a helper adding a namespace (errors, admin, ...) only adds its two
// files. Only the language in use is loaded, in three chunks (issue 9: the first load stays small):
// the login pages', user shell frame's and workspace's namespaces before the first render (main.tsx
// awaits loadLanguage), those of the user shell's other pages with the first of them
// (loadPageLocales, bundles/*Pages.ts), the admin*.json ones with the admin shell (loadAdminLocales). Switching language
// (setLanguage) loads the other language's chunks first, so no key ever shows.
import i18next, { type i18n as I18nInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";

import { readSession, writeSession } from "../shared/session";

export const LANGUAGES = ["cn", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Spec 1 gives two readings; the main notes (cn) win, as the issue says. */
export const DEFAULT_LANGUAGE: Language = "cn";

type LocaleTree = { [key: string]: string | LocaleTree };
export type LocaleFiles = Record<string, LocaleTree>;
export type Resources = Record<string, Record<string, LocaleTree>>;

type Bundle = () => Promise<{ default: Record<string, unknown> }>;
type Part = "portal" | "pages" | "admin";
const BUNDLES: Record<Language, Record<Part, Bundle>> = {
  cn: { portal: () => import("./bundles/cn"), pages: () => import("./bundles/cnPages"), admin: () => import("./bundles/cnAdmin") },
  en: { portal: () => import("./bundles/en"), pages: () => import("./bundles/enPages"), admin: () => import("./bundles/enAdmin") },
};

/** Turns glob results keyed by "./locales/<lang>/<ns>.json" into i18next resources. */
export function buildResources(files: LocaleFiles): Resources {
  const resources: Resources = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    resources[language][namespace] = tree;
  }
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored in session key i18n, or the default when absent or unknown. */
export function storedLanguage(): Language {
  const stored = readSession("i18n");
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export const i18n: I18nInstance = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: storedLanguage(),
  // Both languages carry every key (parity test), so a fallback would only hide a gap.
  fallbackLng: false,
  defaultNS: "common",
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // no backend: loadLanguage adds the bundles before anything renders
  returnNull: false,
  showSupportNotice: false, // keep the console for our own messages
});

const loaded = new Map<string, Promise<void>>();
/** The bundles already added (so a switch to a loaded language stays synchronous, as it was). */
const ready = new Set<string>();
/** Whether the admin namespaces are wanted (the admin shell has asked for them once). */
let adminWanted = false;
/** Whether the namespaces of the user shell's other pages are wanted (one of them has been opened). */
let pagesWanted = false;

/** The parts a language needs now: the login pages' and workspace's always, the others once asked for. */
const wantedParts = (): Part[] => ["portal", ...(pagesWanted ? (["pages"] as const) : []), ...(adminWanted ? (["admin"] as const) : [])];

function loadBundle(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`;
  let done = loaded.get(key);
  if (!done) {
    done = BUNDLES[language][part]().then(({ default: files }) => {
      const byNs = buildResources(files as LocaleFiles)[language] ?? {};
      for (const [ns, tree] of Object.entries(byNs)) i18n.addResourceBundle(language, ns, tree, true, true);
      ready.add(key);
    });
    done.catch(() => loaded.delete(key)); // a failed fetch may be tried again
    loaded.set(key, done);
  }
  return done;
}

/** Loads a language's words (and the pages' and admin ones once they have been asked for). */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all(wantedParts().map((part) => loadBundle(language, part)));
}

/** The namespaces of the user shell's pages other than the workspace, in the current language. */
export async function loadPageLocales(): Promise<void> {
  pagesWanted = true;
  await loadBundle(currentLanguage(), "pages");
}

/** The admin shell's namespaces in the current language; later language switches bring theirs. */
export async function loadAdminLocales(): Promise<void> {
  adminWanted = true;
  await loadBundle(currentLanguage(), "admin");
}

/** Every language and namespace (unit tests switch language freely). */
export async function loadAllLocales(): Promise<void> {
  adminWanted = true;
  pagesWanted = true;
  await Promise.all(LANGUAGES.flatMap((language) => [loadBundle(language, "portal"), loadBundle(language, "pages"), loadBundle(language, "admin")]));
}

/** Switches the language and remembers it for the rest of the session (spec 3, key i18n). */
export async function setLanguage(language: Language): Promise<void> {
  writeSession("i18n", language);
  const parts = wantedParts();
  // Loaded already: switch at once (callers and tests render straight after calling this).
  if (!parts.every((part) => ready.has(`${language}/${part}`))) await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** Language of the i18next instance as one of ours (cn when it is anything else). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

// Keep <html lang> honest for screen readers and the browser's own hyphenation.
const htmlLang = (language: string) => (language === "cn" ? "zh-CN" : "en");
if (typeof document !== "undefined") {
  document.documentElement.lang = htmlLang(i18n.language);
  i18n.on("languageChanged", (language) => {
    document.documentElement.lang = htmlLang(language);
  });
}

/**
 * refine's i18nProvider over the same instance. refine asks for its own keys (buttons.save, ...)
 * with a default message; those fall back to refine's English text instead of showing the key.
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const params = typeof options === "object" && options !== null ? options : {};
    const fallback = defaultMessage ?? (typeof options === "string" ? options : undefined);
    const text = fallback === undefined ? i18n.t(key, params) : i18n.t(key, { ...params, defaultValue: fallback });
    return String(text);
  },
  changeLocale: (locale) => setLanguage(isLanguage(locale) ? locale : DEFAULT_LANGUAGE),
  getLocale: () => currentLanguage(),
};

export default i18n;
