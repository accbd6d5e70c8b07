// The roles an administrator can give, as select options (name, code as the value): every enabled
// role (GET /sysRole), which user administrators may read without the role menu. The user
// definition's optionsQuery for the role filter and the roles field.
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { roleLabel } from "../roles/roleLabel";

export function useRoleOptions() {
  const { t } = useTranslation("admin");
  const query = usePortalApi().useQuery("get", "/sysRole");
  const roles = query.data?.data ?? [];
  const options = [...roles]
    .sort((a, b) => a.roleCode.localeCompare(b.roleCode))
    .map((r) => ({ value: r.roleCode, label: `${roleLabel(r.roleCode, r.roleName, t)} (${r.roleCode})` }));
  return { options, loading: query.isLoading };
}
