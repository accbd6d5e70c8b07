// The roles an administrator can give, as select options (name, code as the value): every enabled
// role (GET /sysRole), which user administrators may read without the role menu. The user
// definition's optionsQuery for the role filter and the roles field.
import { useCustom } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";
import { roleLabel } from "../roles/roleLabel";

type SysRole = components["schemas"]["SysRole"];

export function useRoleOptions() {
  const { t } = useTranslation("admin");
  const { result, query } = useCustom<SysRole[]>({ url: "/sysRole", method: "get" });
  // refine answers {} (not a list) until the call returns.
  const roles = Array.isArray(result.data) ? result.data : [];
  const options = [...roles]
    .sort((a, b) => a.roleCode.localeCompare(b.roleCode))
    .map((r) => ({ value: r.roleCode, label: `${roleLabel(r.roleCode, r.roleName, t)} (${r.roleCode})` }));
  return { options, loading: query.isLoading };
}
