import { Select } from "antd";
import { useTranslation } from "react-i18next";

import { useTagOptions } from "./useTagOptions";

/** The search form's tag choice (a Form.Item child: value and onChange come from the form). */
export function TagFilter(props: { value?: number; onChange?: (v: number | undefined) => void }) {
  const { t } = useTranslation("admin");
  const { options, loading } = useTagOptions();
  return (
    <Select
      {...props}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      options={options}
      style={{ width: 180 }}
      placeholder={t("crud.placeholders.all")}
    />
  );
}
