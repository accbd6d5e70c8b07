import { useContext, useMemo, type ReactNode } from "react";
import { I18nContext } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { createAdminI18nProvider } from "./refineI18n";

/** Gives refine's components inside the admin shell their words from admin.json (refineI18n.ts). */
export function AdminI18n({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation("admin");
  const { i18nProvider: outer } = useContext(I18nContext);
  const language = i18n.language;
  // A new provider per language, so components holding refine's translate re-render.
  const i18nProvider = useMemo(() => createAdminI18nProvider(i18n, outer), [i18n, outer, language]);
  return <I18nContext.Provider value={{ i18nProvider }}>{children}</I18nContext.Provider>;
}
