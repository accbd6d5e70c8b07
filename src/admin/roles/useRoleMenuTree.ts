// The whole menu and button tree a role can be granted (getRoleMenu), shared by the role form's
// checkable tree and the edit page's permission preview (one request: same query key).
import { usePortalApi } from "../../api/ClientProvider";
import { SILENT } from "../../api/client";
import type { MenuNode } from "../menus/menuTree";

const EMPTY: MenuNode[] = [];

export function useRoleMenuTree() {
  // Quiet: the form and the preview say themselves that the tree failed to load.
  const query = usePortalApi().useQuery("get", "/sysRole/getRoleMenu", { headers: SILENT }, { retry: false });
  return { tree: query.data?.data ?? EMPTY, loading: query.isLoading, failed: query.isError };
}
