import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { SILENT } from "../../api/client";
import type { LabelBrief } from "./api";

/** A tag's name in the current language (the English name in English). */
export function useTagName() {
  const { i18n } = useTranslation();
  const en = i18n.language?.startsWith("en");
  return (l: Pick<LabelBrief, "labelName" | "labelEnName">) => (en ? l.labelEnName : l.labelName);
}

/** The enabled tags as select options (GET /bscLabel), for the filters and the tag pickers. */
export function useTagOptions() {
  const name = useTagName();
  // Quiet: a picker without options says so itself (failed).
  const query = usePortalApi().useQuery("get", "/bscLabel", { headers: SILENT });
  const labels = query.data?.data ?? [];
  const options = labels.map((l) => ({ value: l.id, label: name(l) }));
  return { options, loading: query.isLoading, failed: query.isError };
}
