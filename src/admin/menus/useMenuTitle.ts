// The admin's titles of menu-tree entries (issue 22 item 6: the menu list and the role permission
// tree showed stored keys). The one rule of navigation/menuTitle.ts, fed with what the admin knows:
// the label its side menu shows for the screen at a url (refine's resources as TranslatedResources
// hands them out, already in the page's language), the portal's menu titles, and the button actions.
import { ResourceContext } from "@refinedev/core";
import { useCallback, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";

import { menuTitle, portalMenuTranslate, type MenuTitleNode } from "../../navigation/menuTitle";

export function useMenuTitle(): (node: MenuTitleNode) => string {
  const { i18n } = useTranslation(["adminMenus", "portal"]);
  const { resources } = useContext(ResourceContext);
  const language = i18n.language;
  const screens = useMemo(() => {
    const byUrl = new Map<string, string>();
    for (const r of resources) {
      const url: unknown = r.meta?.menuUrl;
      const label: unknown = r.meta?.label;
      if (typeof url === "string" && typeof label === "string" && !byUrl.has(url)) byUrl.set(url, label);
    }
    return byUrl;
  }, [resources]);
  return useCallback(
    (node: MenuTitleNode) =>
      menuTitle(node, {
        screen: (url) => screens.get(url),
        name: portalMenuTranslate(i18n),
        action: (action) => {
          const key = `adminMenus:buttons.${action}`;
          return i18n.exists(key) ? i18n.t(key) : null;
        },
      }),
    // language: the portal and button titles follow the language toggle (the labels come translated).
    [screens, i18n, language],
  );
}
