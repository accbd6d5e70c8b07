// The CN/EN toggle of the pre-login pages (issue 21: /baseLogin, /login, /loginCopy and /portal had
// none, so a person who reads only English met a Chinese form). It switches this tab's language
// (session key i18n, spec 3) and saves nothing: nobody is signed in, and a person's own language is
// their personal record's, applied at sign-in (docs/decisions.md "Issue 18 web").
// Two plain buttons rather than antd's Segmented, which the shell's toggle uses: the login page's
// first load stays small (issue 9 budget).
import { Button } from "antd";
import { useTranslation } from "react-i18next";

import { LANGUAGES, currentLanguage, setLanguage } from "../i18n";
import styles from "./login.module.css";

export function LoginLanguageToggle() {
  const { t } = useTranslation("common");
  const current = currentLanguage();
  return (
    <div role="group" aria-label={t("language.label")} className={styles.languageToggle} data-testid="login-language-toggle">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          type={language === current ? "primary" : "text"}
          aria-pressed={language === current}
          title={t("language.switchTo", { language: t(`language.${language}`) })}
          onClick={() => void setLanguage(language)}
        >
          {t(`language.${language}`)}
        </Button>
      ))}
    </div>
  );
}
