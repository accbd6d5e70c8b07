import { useCustom } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import type { BscLabel, LabelBrief } from "./api";

/** A tag's name in the current language (the English name in English). */
export function useTagName() {
  const { i18n } = useTranslation();
  const en = i18n.language?.startsWith("en");
  return (l: Pick<LabelBrief, "labelName" | "labelEnName">) => (en ? l.labelEnName : l.labelName);
}

/** The enabled tags as select options (GET /bscLabel), for the filters and the tag pickers. */
export function useTagOptions() {
  const name = useTagName();
  const query = useCustom<BscLabel[]>({ url: "/bscLabel", method: "get", errorNotification: false });
  // While loading, refine's result.data is not the list yet.
  const data: unknown = query.result?.data;
  const labels = Array.isArray(data) ? (data as BscLabel[]) : [];
  const options = labels.map((l) => ({ value: l.id, label: name(l) }));
  return { options, loading: query.query.isLoading, failed: query.query.isError };
}
