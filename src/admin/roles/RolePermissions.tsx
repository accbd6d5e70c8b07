// The role show view's section of what the role grants (issue 22 item 6: the detail view did not
// list the role's permissions): the menu and button tree cut down to the granted entries (with the
// menus above them), read-only, from getById's menuIds and the whole tree (getRoleMenu).
import { Alert, Card, Tree, Typography, type TreeDataNode } from "antd";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";
import type { MenuNode } from "../menus/menuTree";
import { useMenuTitle } from "../menus/useMenuTitle";
import { useRoleMenuTree } from "./useRoleMenuTree";

type SysRole = components["schemas"]["SysRole"];

/** The granted entries of a tree and the menus above them, as tree nodes. */
export function grantedTree(nodes: readonly MenuNode[], granted: ReadonlySet<number>, titleOf: (n: MenuNode) => string): TreeDataNode[] {
  return nodes.flatMap((n) => {
    const children = grantedTree(n.children ?? [], granted, titleOf);
    if (!granted.has(n.id) && children.length === 0) return [];
    return [{ key: n.id, title: `${titleOf(n)} (${n.url})`, children }];
  });
}

export function RolePermissions({ record }: { record: SysRole }) {
  const { t } = useTranslation("adminMenus");
  const { tree, loading, failed } = useRoleMenuTree();
  const titleOf = useMenuTitle();
  const granted = grantedTree(tree, new Set(record.menuIds ?? []), titleOf);
  return (
    <Card title={t("roles.permissions")} style={{ marginTop: 16 }} loading={loading} data-testid="role-permissions">
      {failed ? (
        <Alert type="error" showIcon message={t("roles.loadFailed")} />
      ) : granted.length === 0 ? (
        <Typography.Text type="secondary">{t("roles.preview.none")}</Typography.Text>
      ) : (
        <Tree treeData={granted} defaultExpandAll selectable={false} />
      )}
    </Card>
  );
}
