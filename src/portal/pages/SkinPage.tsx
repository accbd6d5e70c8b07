// Dress Up (/main/skinPage, spec 9): the five themes; choosing one re-colours the whole UI at once
// (antd tokens), keeps it in local storage (themeColor, themeHeadColor, themeCode) and saves it in
// the user's personal record so it follows them to another browser; a save that fails puts the
// previous theme back and says why (issue 21).
import { useState } from "react";
import { Card, Tag, Typography } from "antd";
import { CheckCircleFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { ApiError, CODE } from "../../api/errors";
import { toast } from "../../api/toast";
import { THEMES, useTheme, type PortalTheme } from "../../shared/theme";
import { saveTheme } from "../../account/record";
import { usePortalClient } from "../../api/ClientProvider";
import { LOGOS } from "../shell/header";
import styles from "../../account/personal.module.css";

export default function SkinPage() {
  const { t } = useTranslation("personal");
  const client = usePortalClient();
  const current = useTheme();
  const [saving, setSaving] = useState<string | null>(null);

  const choose = (theme: PortalTheme) => {
    if (saving || theme === current) return;
    setSaving(theme.key);
    saveTheme(client, theme)
      .then(() => toast(t("skin.saved"), "success"))
      .catch((error: unknown) => {
        // The previous theme is back (saveTheme); say so with the reason. An ended session or a
        // missing consent has its own dialog, which needs no toast beside it.
        if (error instanceof ApiError && (error.code === CODE.sessionExpired || error.code === CODE.consentRequired)) return;
        toast(t("skin.saveFailed", { reason: error instanceof Error ? error.message : "" }), "error");
      })
      .finally(() => setSaving(null));
  };

  return (
    <Card title={t("skin.title")} data-testid="skin-page">
      <Typography.Paragraph type="secondary">{t("skin.intro")}</Typography.Paragraph>
      <div className={styles.themes} role="radiogroup" aria-label={t("skin.title")}>
        {THEMES.map((theme) => {
          const active = theme === current;
          return (
            <button
              key={theme.key}
              type="button"
              role="radio"
              aria-checked={active}
              data-testid={`theme-${theme.key}`}
              className={`${styles.themeCard} ${active ? styles.themeCardActive : ""}`}
              onClick={() => choose(theme)}
            >
              <span className={styles.themeHead} style={{ background: theme.themeHeadColor }}>
                <img src={LOGOS[theme.themeCode]} alt="" width={24} height={24} />
              </span>
              <span className={styles.themeBody}>
                <span className={styles.themeSwatch} style={{ background: theme.themeColor }} />
                <span className={styles.themeSwatch} style={{ background: theme.themeHeadColor, border: "1px solid rgba(5,5,5,0.1)" }} />
              </span>
              <span className={styles.themeName}>
                {t(`skin.names.${theme.key}`)}{" "}
                {active && (
                  <Tag color="success" icon={<CheckCircleFilled />}>
                    {t("skin.current")}
                  </Tag>
                )}
                {saving === theme.key && <Tag>{t("skin.saving")}</Tag>}
              </span>
            </button>
          );
        })}
      </div>
    </Card>
  );
}
