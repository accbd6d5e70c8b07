import type { components } from "../../api/schema";

export type SysRole = components["schemas"]["SysRole"];

/** What the create and edit forms send; menuIds (the permission tree) only once it was loaded or changed. */
export type RoleFormValues = Pick<SysRole, "roleName" | "roleCode" | "description" | "remark" | "status" | "menuIds">;

export const ROLE_STATUS = { enabled: 1, disabled: 0 } as const;

/** The contract's rule for roleCode (SysRoleInput.roleCode). */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,29}$/;
