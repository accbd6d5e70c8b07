// The whole menu and button tree a role can be granted (getRoleMenu), shared by the role form's
// checkable tree and the edit page's permission preview (one request: same query key).
import { useCustom } from "@refinedev/core";

import type { MenuNode } from "../menus/menuTree";

const EMPTY: MenuNode[] = [];

export function useRoleMenuTree() {
  const { result, query } = useCustom<MenuNode[]>({
    url: "/sysRole/getRoleMenu",
    method: "get",
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const data = result?.data;
  return { tree: Array.isArray(data) ? data : EMPTY, loading: query.isLoading, failed: query.isError };
}
