// The role's menu and button permissions as a checkable tree (spec 2.3 roles: getRoleMenu). A form
// control: `value` is the granted menu ids. Checks follow menuTree.toggleGrant: an entry comes with
// everything below it and the menus above it, so a granted button always has its menu.
import { Alert, Empty, Spin, Tag, Tree, Typography } from "antd";
import type { DataNode } from "antd/es/tree";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { toggleGrant, type MenuNode } from "../menus/menuTree";
import { useMenuTitle } from "../menus/useMenuTitle";

const toTreeData = (nodes: MenuNode[] | undefined, buttonLabel: string, titleOf: (n: MenuNode) => string): DataNode[] =>
  (nodes ?? []).map((n) => ({
    key: n.id,
    title: (
      <span>
        {titleOf(n)} <Typography.Text type="secondary">{n.url}</Typography.Text>
        {n.type === 1 && (
          <Tag color="orange" style={{ marginInlineStart: 6 }}>
            {buttonLabel}
          </Tag>
        )}
      </span>
    ),
    children: n.children?.length ? toTreeData(n.children, buttonLabel, titleOf) : undefined,
  }));

type Props = {
  tree: MenuNode[];
  loading?: boolean;
  failed?: boolean;
  value?: number[];
  onChange?: (ids: number[]) => void;
};

export function PermissionTree({ tree, loading, failed, value, onChange }: Props) {
  const { t } = useTranslation("adminMenus");
  const titleOf = useMenuTitle();
  const treeData = useMemo(() => toTreeData(tree, t("type.button"), titleOf), [tree, t, titleOf]);
  const granted = value ?? [];
  if (loading) return <Spin />;
  if (failed) return <Alert type="error" showIcon message={t("roles.loadFailed")} />;
  if (!tree.length) return <Empty description={t("list.empty")} />;
  return (
    <div>
      <Typography.Text type="secondary">{t("roles.checked", { count: granted.length })}</Typography.Text>
      {/* The scrolling box takes the focus, so the keyboard can scroll it (issue 21, WCAG 2.1.1:
          the tree's own focus target is a hidden input axe and the browser do not scroll with). */}
      <div
        role="group"
        aria-label={t("roles.permissions")}
        tabIndex={0}
        style={{ maxHeight: 420, overflow: "auto", border: "1px solid #f0f0f0", padding: 8 }}
      >
        <Tree
          checkable
          checkStrictly
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={granted}
          onCheck={(_keys, info) => onChange?.(toggleGrant(tree, granted, Number(info.node.key), info.checked))}
        />
      </div>
    </div>
  );
}
