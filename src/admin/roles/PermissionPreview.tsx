// Beyond the spec (issue 7): before a role's permissions are saved, the administrator sees the
// menus and buttons the role gains and loses (computed here from the tree) and how many users
// hold the role (sysUserRole page filtered by roleCode: its total). Without the right to list
// users the count says so instead of guessing.
import { useList } from "@refinedev/core";
import { Modal, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { GrantDiff, MenuNode } from "../menus/menuTree";
import { useMenuTitle } from "../menus/useMenuTitle";

type Props = {
  open: boolean;
  roleCode?: string;
  diff: GrantDiff;
  saving?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

function Entries({ nodes, color, none }: { nodes: MenuNode[]; color: string; none: string }) {
  const titleOf = useMenuTitle();
  if (!nodes.length) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {nodes.map((n) => (
        <Tag key={n.id} color={color} data-testid={`perm-${n.url}`}>
          {titleOf(n) === n.url ? n.url : `${titleOf(n)} (${n.url})`}
        </Tag>
      ))}
    </Space>
  );
}

export function PermissionPreview({ open, roleCode, diff, saving, onConfirm, onCancel }: Props) {
  const { t } = useTranslation("adminMenus");
  const { result, query } = useList({
    resource: "sysUser",
    pagination: { currentPage: 1, pageSize: 1 },
    filters: roleCode ? [{ field: "roleCode", operator: "eq", value: roleCode }] : [],
    queryOptions: { enabled: open && Boolean(roleCode), retry: false },
    errorNotification: false,
  });
  const affected = query.isError ? t("roles.preview.affectedUnknown") : t("roles.preview.affected", { count: result?.total ?? 0 });

  return (
    <Modal
      open={open}
      title={t("roles.preview.title")}
      okText={t("roles.preview.ok")}
      cancelText={t("roles.preview.cancel")}
      onOk={onConfirm}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ disabled: query.isFetching }}
      width={640}
    >
      <Typography.Title level={5}>{t("roles.preview.gained", { count: diff.gained.length })}</Typography.Title>
      <Entries nodes={diff.gained} color="green" none={t("roles.preview.none")} />
      <Typography.Title level={5}>{t("roles.preview.lost", { count: diff.lost.length })}</Typography.Title>
      <Entries nodes={diff.lost} color="red" none={t("roles.preview.none")} />
      <Typography.Paragraph style={{ marginTop: 16 }} strong data-testid="affected-users">
        {query.isFetching ? "…" : affected}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t("roles.preview.affectedHint")}</Typography.Paragraph>
    </Modal>
  );
}
