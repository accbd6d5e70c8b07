import { useTranslation } from "react-i18next";

import { captchaUrl } from "./loginApi";

type Props = { challengeId: string; onRefresh: () => void };

/** The captcha image; a click asks for a new one under a new challenge id. */
export function Captcha({ challengeId, onRefresh }: Props) {
  const { t } = useTranslation("login");
  return (
    <button
      type="button"
      onClick={onRefresh}
      title={t("baseLogin.form.captchaRefresh")}
      style={{ padding: 0, border: "none", background: "none", cursor: "pointer", height: 40 }}
    >
      <img src={captchaUrl(challengeId)} alt={t("baseLogin.form.captchaAlt")} height={40} width={120} />
    </button>
  );
}
