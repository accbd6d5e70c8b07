import { useTranslation } from "react-i18next";

/** An adminTags word as a React node, for places built outside components (form rule messages). */
export function Words({ k }: { k: string }) {
  const { t } = useTranslation("adminTags");
  return <>{t(k)}</>;
}
