// Source data (spec 2.3 /originDataList): a tab per kind - the employee directory, the UPN list
// and the registration certificates that the global search reads. Only the open tab is mounted,
// so only its list loads.
import { useState } from "react";
import { List } from "@refinedev/antd";
import { Tabs } from "antd";
import { useTranslation } from "react-i18next";

import { SOURCE_KINDS, type SourceKind } from "./kinds";
import { SourceTable } from "./SourceTable";

export default function SourceDataPage() {
  const { t } = useTranslation("adminData");
  const [active, setActive] = useState<SourceKind>("employee");
  return (
    <List title={t("sourceData.title")}>
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as SourceKind)}
        destroyOnHidden
        items={SOURCE_KINDS.map((def) => ({
          key: def.kind,
          label: t(`sourceData.tabs.${def.kind}`),
          children: <SourceTable def={def} />,
        }))}
      />
    </List>
  );
}
