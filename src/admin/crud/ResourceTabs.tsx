// A screen of several generated lists (a definition's `tabs`, e.g. the source data's three kinds):
// one page frame with the screen's title, a tab per definition, each a ResourceList without its own
// frame. Only the open tab is mounted, so only its list loads.
import { useState } from "react";
import { List } from "@refinedev/antd";
import { Tabs } from "antd";
import { useTranslation } from "react-i18next";

import { keyOf, nsOf } from "./fields";
import { ResourceList } from "./ResourceList";
import type { AdminResourceDef } from "./types";

export function ResourceTabs({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const tabs = def.tabs ?? [];
  const [active, setActive] = useState(tabs[0]?.name);
  return (
    <List title={t(def.texts?.title ? keyOf(def, def.texts.title) : def.label)}>
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as typeof active)}
        destroyOnHidden
        items={tabs.map((tab) => ({ key: tab.name, label: t(tab.label), children: <ResourceList def={tab} embedded /> }))}
      />
    </List>
  );
}
