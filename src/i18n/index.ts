// i18next setup: every locale file under ./locales/<language>/<namespace>.json is picked up by
// the glob below, so a helper adding a namespace (errors, admin, ...) only adds its two files.
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

const localeFiles = import.meta.glob<LocaleTree>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

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

export const resources = buildResources(localeFiles);
export const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];

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
  resources,
  lng: storedLanguage(),
  // Both languages carry every key (parity test), so a fallback would only hide a gap.
  fallbackLng: false,
  ns: namespaces,
  defaultNS: "common",
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // resources are bundled: translations are ready on the first render
  returnNull: false,
  showSupportNotice: false, // keep the console for our own messages
});

/** Switches the language and remembers it for the rest of the session (spec 3, key i18n). */
export async function setLanguage(language: Language): Promise<void> {
  writeSession("i18n", language);
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
