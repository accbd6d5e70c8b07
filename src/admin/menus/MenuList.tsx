// /sys/menu (spec 2.3, 3 Menu, 5): the whole menu and button tree as an expandable table ordered
// by menuCode, with create (top level or child), edit, and delete after a confirmation that says
// how many entries below go too (the server deletes the subtree and every role's grants of it).
// The tree is one call (listSysMenu), so it is filtered on the client instead of paged.
import { List } from "@refinedev/antd";
import { CanAccess, useDelete } from "@refinedev/core";
import { Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ConfirmPopover } from "../../shared/ConfirmPopover";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useMemo, useState, type Key } from "react";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { MenuFormModal, type MenuDialog } from "./MenuFormModal";
import { useMenuTitle } from "./useMenuTitle";
import { descendantCount, filterMenus, flattenMenus, type MenuNode } from "./menuTree";

/** antd shows an expander for any children array: buttons and leaves get none. */
const forTable = (nodes: MenuNode[]): MenuNode[] =>
  nodes.map((n) => ({ ...n, children: n.children?.length ? forTable(n.children) : undefined }));

export function MenuList() {
  const { t } = useTranslation("adminMenus");
  const operateSuccess = useOperateSuccess();
  const titleOf = useMenuTitle();
  const query = usePortalApi().useQuery("get", "/sysMenu");
  const tree = useMemo(() => query.data?.data ?? [], [query.data]);
  const [search, setSearch] = useState("");
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [dialog, setDialog] = useState<MenuDialog | null>(null);
  const { mutateAsync: remove } = useDelete();

  const fullById = useMemo(() => new Map(flattenMenus(tree).map((n) => [n.id, n])), [tree]);
  const shown = useMemo(() => forTable(filterMenus(tree, search, titleOf)), [tree, search, titleOf]);
  const menuIds = useMemo(() => flattenMenus(shown).filter((n) => n.children?.length).map((n) => n.id), [shown]);
  // Top level open by default; a search opens everything it kept.
  const expandedKeys = search ? menuIds : (expanded ?? shown.map((n) => n.id));

  const reload = () => query.refetch();
  const onDelete = (node: MenuNode) =>
    remove({ resource: "sysMenu", id: node.id, successNotification: operateSuccess })
      .then(reload)
      .catch(() => undefined);

  const columns: TableColumnsType<MenuNode> = [
    // The title in the page's language, as the side menus show it (a stored key is no title).
    { title: t("fields.menuName"), dataIndex: "menuName", width: 220, render: (_: string, node: MenuNode) => titleOf(node) },
    { title: t("fields.url"), dataIndex: "url", width: 260, render: (url: string) => <Typography.Text code>{url}</Typography.Text> },
    {
      title: t("fields.type"),
      dataIndex: "type",
      width: 80,
      render: (type: number) => (type === 1 ? <Tag color="orange">{t("type.button")}</Tag> : <Tag color="blue">{t("type.menu")}</Tag>),
    },
    { title: t("fields.menuCode"), dataIndex: "menuCode", width: 80 },
    { title: t("fields.interfaceUrl"), dataIndex: "interfaceUrl", ellipsis: true, width: 150 },
    { title: t("fields.img"), dataIndex: "img", ellipsis: true, width: 140 },
    { title: t("fields.hidden"), dataIndex: "hidden", width: 80, render: (h: number) => (h === 1 ? t("hidden.yes") : t("hidden.no")) },
    {
      title: t("fields.actions"),
      key: "actions",
      width: 270,
      fixed: "right",
      render: (_: unknown, node: MenuNode) => {
        const count = descendantCount(fullById.get(node.id) ?? node); // the whole subtree, not the filtered one
        return (
          <Space size={4}>
            {node.type === 0 && (
              <CanAccess resource="sysMenu" action="create">
                <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: "create", parent: node })}>
                  {t("actions.addChild")}
                </Button>
              </CanAccess>
            )}
            <CanAccess resource="sysMenu" action="edit">
              <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: "edit", node })}>
                {t("actions.edit")}
              </Button>
            </CanAccess>
            <CanAccess resource="sysMenu" action="delete">
              <ConfirmPopover
                title={t("delete.title", { name: titleOf(node) })}
                description={count ? t("delete.withChildren", { count }) : t("delete.alone")}
                okText={t("delete.ok")}
                cancelText={t("delete.cancel")}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(node)}
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t("actions.delete")}
                </Button>
              </ConfirmPopover>
            </CanAccess>
          </Space>
        );
      },
    },
  ];

  return (
    <List
      title={t("list.title")}
      headerButtons={
        <CanAccess resource="sysMenu" action="create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: "create" })}>
            {t("list.create")}
          </Button>
        </CanAccess>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search allowClear placeholder={t("list.search")} aria-label={t("list.search")} onSearch={setSearch} style={{ width: 280 }} />
        <Button onClick={() => setExpanded(flattenMenus(shown).filter((n) => n.children?.length).map((n) => n.id))}>{t("list.expandAll")}</Button>
        <Button onClick={() => setExpanded([])}>{t("list.collapseAll")}</Button>
        <Typography.Text type="secondary">{t("list.total", { total: flattenMenus(tree).length })}</Typography.Text>
      </Space>
      <Table<MenuNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={query.isLoading || query.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t("list.empty") }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
      />
      <MenuFormModal
        dialog={dialog}
        tree={tree}
        onClose={() => setDialog(null)}
        onReload={reload}
        onSaved={() => {
          setDialog(null);
          void reload();
        }}
      />
    </List>
  );
}
