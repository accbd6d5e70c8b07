import { useCallback } from "react";
import { Segmented } from "antd";
import { useTranslation } from "react-i18next";

import { LANGUAGES, currentLanguage, setLanguage, type Language } from "../i18n";
import { usePortalClient } from "../api/ClientProvider";
import { saveLanguage } from "./record";

/**
 * Switches every visible string at once; the choice is kept in session key i18n and saved as the
 * personal record's languageStatus (the toggle below, and the header's "more" menu on a narrow screen).
 */
export function useSwitchLanguage(): (language: Language) => void {
  const client = usePortalClient();
  return useCallback(
    (language: Language) => {
      void setLanguage(language);
      saveLanguage(client, language);
    },
    [client],
  );
}

/** The CN/EN toggle of the top bar (spec 2.6). */
export function LanguageToggle() {
  const { t } = useTranslation("common");
  const switchLanguage = useSwitchLanguage();
  return (
    <Segmented<Language>
      aria-label={t("language.label")}
      data-testid="language-toggle"
      value={currentLanguage()}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: <span title={t("language.switchTo", { language: t(`language.${language}`) })}>{t(`language.${language}`)}</span>,
      }))}
      onChange={switchLanguage}
    />
  );
}
