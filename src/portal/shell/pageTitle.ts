// Issue 21 (WCAG 1.3.1, 2.4.6): every page of the user shell has one h1, the page's title as its
// tab shows it (the route's card title, with the help pages' extra line); the 404 page says what
// it is. The shell renders it (PortalShell.tsx), so no page has two and none has none.
import type { TFunction } from "i18next";

import { tabTitle } from "./TabBar";

export const NOT_FOUND_PATH = "/main/404";

export function pageTitle(pathname: string, t: TFunction): string {
  if (pathname === NOT_FOUND_PATH) return t("portal:notFound.title");
  return tabTitle(pathname, t);
}
