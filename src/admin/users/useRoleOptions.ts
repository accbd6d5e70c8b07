// The roles an administrator can give, as select options (name, code as the value): every enabled
// role (GET /sysRole), which user administrators may read without the role menu.
import { useCustom } from "@refinedev/core";

import type { SysRole } from "../roles/types";

export function useRoleOptions() {
  const { result, query } = useCustom<SysRole[]>({ url: "/sysRole", method: "get" });
  // refine answers {} (not a list) until the call returns.
  const roles = Array.isArray(result.data) ? result.data : [];
  const options = [...roles]
    .sort((a, b) => a.roleCode.localeCompare(b.roleCode))
    .map((r) => ({ value: r.roleCode, label: `${r.roleName} (${r.roleCode})` }));
  return { options, loading: query.isLoading };
}
