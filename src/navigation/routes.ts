// Route names of the portal (spec 2.2, 2.4, 2.5) and how they map to paths. Pure data and
// functions: the guard, /relogin and the user shell read them, the unit tests pin them.
import type { components } from "../api/schema";

export type SsoRoute = components["schemas"]["SsoRoute"];

/** Spec 2.4: the routes whose visit without a session starts single sign-on (webSSO). */
export const SSO_ROUTES = [
  "appCenter",
  "appCenterIndex",
  "datePage",
  "myProgramme",
  "task",
  "missionCenterIndex",
  "data",
  "myDataCenter",
  "help",
  "helpCenter",
  "userRoastList",
  "teasingList",
] as const satisfies readonly SsoRoute[];

/** The second name of a page (spec 2.2 "also named ..."), by alias. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  appCenter: "appCenterIndex",
  datePage: "myProgramme",
  task: "missionCenterIndex",
  data: "myDataCenter",
  help: "helpCenter",
  userRoastList: "teasingList",
};

/** Spec 2.5: the pages a `route` parameter can land on (canonical names). */
const LANDING_PAGES = new Set(["appCenterIndex", "myProgramme", "missionCenterIndex", "myDataCenter", "helpCenter", "teasingList"]);

export const WORKING_SPACE_PATH = "/main/workingSpace";

/** Paths of the pre-login pages, where the guard never starts single sign-on (spec 2.4). */
export const LOGIN_PATHS = { baseLogin: "/baseLogin", login: "/login", loginCopy: "/loginCopy", relogin: "/relogin" } as const;

/** The canonical name of a route name or alias ("task" -> "missionCenterIndex"). */
export function canonicalRoute(name: string): string {
  return own(ROUTE_ALIASES, name) ?? name;
}

/** A table's own entry (never Object.prototype's: "constructor" is no route). */
function own(table: Readonly<Record<string, string>>, key: string | null): string | null {
  return key !== null && Object.hasOwn(table, key) ? table[key] : null;
}

export function isSsoRoute(name: string | null | undefined): name is (typeof SSO_ROUTES)[number] {
  return typeof name === "string" && (SSO_ROUTES as readonly string[]).includes(name);
}

/**
 * Spec 2.5: where a `route` parameter lands. appCenter/appCenterIndex, datePage/myProgramme,
 * task/missionCenterIndex, data/myDataCenter, help/helpCenter and userRoastList/teasingList have
 * their page under /main; anything else (absent included) lands on workingSpace.
 */
export function landingPathOfRoute(route: string | null | undefined): string {
  if (!route) return WORKING_SPACE_PATH;
  const name = canonicalRoute(route);
  return LANDING_PAGES.has(name) ? `/main/${name}` : WORKING_SPACE_PATH;
}

/** The route a `route` parameter asks webSSO for: the name itself when the contract knows it. */
export function ssoRouteOf(route: string | null | undefined): SsoRoute {
  return isSsoRoute(route) ? route : "workingSpace";
}

/**
 * The route name of a path: the last segment under /main ("/main/appCenterIndex/customIndex" ->
 * "customIndex"), the first segment elsewhere ("/loginCopy" -> "loginCopy"); null for "/" and
 * "/main" itself.
 */
export function routeNameOfPath(pathname: string): string | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  if (segments[0] === "main") return segments.length > 1 ? segments[segments.length - 1] : null;
  return segments[0];
}

/**
 * Issue 18 (item 7): the pages of the user shell a side-menu entry may open (spec 2.2), by the
 * route name of the menu url (canonical names; an alias of spec 2.2 counts as its page), with the
 * path the entry opens under /main. The pages that need a parameter (helpCenterInfo, helpDetail,
 * searchResult), the 404 page and quitLogon are no menu entries. A menu url that names none of
 * these (the admin backend's menus of spec 2.3: /sys, /tagManamentList, /outAppList, ...) is no
 * entry of the user shell's menu. /personalCenter is both (spec 2.2, 2.3): here it is the
 * personal centre, /main/people.
 */
const PORTAL_MENU_PAGES: Readonly<Record<string, string>> = {
  workingSpace: "/main/workingSpace",
  appCenterIndex: "/main/appCenterIndex",
  "appCenterIndex/customIndex": "/main/appCenterIndex/customIndex",
  missionCenterIndex: "/main/missionCenterIndex",
  myDataCenter: "/main/myDataCenter",
  myProgramme: "/main/myProgramme",
  helpCenter: "/main/helpCenter",
  teasingList: "/main/teasingList",
  skinPage: "/main/skinPage",
  personalCenter: "/main/people",
  "personalCenter/people": "/main/people",
  people: "/main/people",
};

/** The route names of PORTAL_MENU_PAGES' keys (their titles are portal:menu.<name>). */
const PORTAL_MENU_NAMES: Readonly<Record<string, string>> = {
  "appCenterIndex/customIndex": "customIndex",
  "personalCenter/people": "personalCenter",
  people: "personalCenter",
};

export interface PortalMenuPage {
  /** The page's route name (canonical), the key of its title. */
  name: string;
  /** Where the entry goes. */
  path: string;
}

/**
 * The user-shell page a server menu url opens ("/task" -> missionCenterIndex at
 * /main/missionCenterIndex), or null when the url is not one of the portal's pages.
 */
export function portalMenuPage(url: string | null | undefined): PortalMenuPage | null {
  if (typeof url !== "string") return null;
  const segments = url.trim().split("/").filter(Boolean);
  if (segments[0] === "main") segments.shift(); // an url written with the shell's prefix
  if (segments.length === 0 || segments.length > 2) return null;
  segments[0] = canonicalRoute(segments[0]);
  const key = segments.join("/");
  const path = own(PORTAL_MENU_PAGES, key);
  return path === null ? null : { name: own(PORTAL_MENU_NAMES, key) ?? key, path };
}

/** Route meta of spec 2.4 ("card title and card extra"), as i18n keys; absent means none. */
export interface RouteMeta {
  cardTitle: string | null;
  cardExtra: string | null;
}

const CARD_TITLES: Readonly<Record<string, string>> = {
  workingSpace: "portal:routes.workingSpace",
  appCenterIndex: "portal:routes.appCenterIndex",
  customIndex: "portal:routes.customIndex",
  missionCenterIndex: "portal:routes.missionCenterIndex",
  myDataCenter: "portal:routes.myDataCenter",
  myProgramme: "portal:routes.myProgramme",
  helpCenter: "portal:routes.helpCenter",
  helpCenterInfo: "portal:routes.helpCenter",
  helpDetail: "portal:routes.helpCenter",
  teasingList: "portal:routes.teasingList",
  skinPage: "portal:routes.skinPage",
  personalCenter: "portal:routes.personalCenter",
  people: "portal:routes.personalCenter",
  quitLogon: "portal:routes.quitLogon",
  "change-Password": "portal:routes.changePassword",
  searchResult: "portal:routes.searchResult",
};

/** Pages whose card carries an extra line (the help pages name their sub page). */
const CARD_EXTRAS: Readonly<Record<string, string>> = {
  helpCenterInfo: "portal:routes.extra.helpCenterInfo",
  helpDetail: "portal:routes.extra.helpDetail",
};

export function routeMetaOf(name: string | null): RouteMeta {
  const key = name === null ? null : canonicalRoute(name);
  return {
    cardTitle: own(CARD_TITLES, key),
    cardExtra: own(CARD_EXTRAS, key),
  };
}


/** Spec 2.6: these pages draw their own cards on the shell's grey, without a page background. */
const WITHOUT_PAGE_BACKGROUND = new Set(["/main/workingSpace", "/main/myDataCenter", "/main/helpCenter"]);

export function hasPageBackground(pathname: string): boolean {
  return !WITHOUT_PAGE_BACKGROUND.has(pathname.replace(/\/+$/, ""));
}
