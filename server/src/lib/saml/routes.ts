/** The landing route names of spec 2.4/2.5 (the contract's SsoRoute): the only RelayState kept. */
export const SSO_ROUTES = [
  "appCenter", "appCenterIndex", "datePage", "myProgramme", "task", "missionCenterIndex",
  "data", "myDataCenter", "help", "helpCenter", "userRoastList", "teasingList", "workingSpace",
] as const;
export type SsoRoute = (typeof SSO_ROUTES)[number];

export const isSsoRoute = (v: unknown): v is SsoRoute => typeof v === "string" && (SSO_ROUTES as readonly string[]).includes(v);
