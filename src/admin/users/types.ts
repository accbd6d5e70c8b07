import type { components } from "../../api/schema";

export type SysUser = components["schemas"]["SysUser"];

/** What the create form sends (the server generates the first password and shows it once). */
export type UserCreateValues = Pick<SysUser, "userName" | "realName" | "roleCodes" | "bu" | "email" | "phone" | "status">;


/** The list's search form. */
export type UserSearch = { userName?: string; roleCode?: string; bu?: string; status?: SysUser["status"] };

export const USER_STATUS = { enabled: 1, disabled: 0 } as const;
