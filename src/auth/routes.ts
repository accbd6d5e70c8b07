// The addresses the sign-in and session flows lead to (spec 2.1, 2.4, 4).
export const ROUTES = {
  baseLogin: "/baseLogin",
  /** Where quitLogon's confirmed logout goes (spec 2.4). */
  login: "/login",
  loginCopy: "/loginCopy",
  workingSpace: "/main/workingSpace",
  /** Admin landing (spec 4: "people" when system is stageAdmin). */
  adminPeople: "/main/people",
} as const;
