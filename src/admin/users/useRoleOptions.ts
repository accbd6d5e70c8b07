// The roles an administrator can give, as select options (name, code as the value), from the
// role resource's first 100 rows by code.
import { useList } from "@refinedev/core";

import type { SysRole } from "../roles/types";

export function useRoleOptions() {
  const { result, query } = useList<SysRole>({
    resource: "sysRole",
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: "roleCode", order: "asc" }],
  });
  const options = (result?.data ?? []).map((r) => ({ value: r.roleCode, label: `${r.roleName} (${r.roleCode})` }));
  return { options, loading: query.isLoading };
}
