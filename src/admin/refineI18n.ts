// refine's own words (buttons, breadcrumbs, notifications) in the admin shell come from admin.json
// under "refine". This provider answers those keys and hands every other key to the provider
// <Refine> was given, so the admin shell speaks both languages even where refine's English
// defaults would otherwise show through.
import type { I18nProvider } from "@refinedev/core";
import type { i18n as I18nInstance } from "i18next";

const NAMESPACE = "admin";
const PREFIX = "refine.";

export function createAdminI18nProvider(i18n: I18nInstance, outer?: I18nProvider): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => {
      const adminKey = PREFIX + key;
      if (i18n.exists(adminKey, { ns: NAMESPACE })) {
        const params = typeof options === "object" && options !== null ? options : {};
        return i18n.t(adminKey, { ...params, ns: NAMESPACE });
      }
      if (outer) return outer.translate(key, options, defaultMessage);
      // refine calls translate(key, defaultMessage) too: the string is then the default.
      return defaultMessage ?? (typeof options === "string" ? options : key);
    },
    changeLocale: (locale, options) =>
      outer ? outer.changeLocale(locale, options) : i18n.changeLanguage(locale),
    getLocale: () => (outer ? outer.getLocale() : i18n.language),
  };
}
