// The role list: server-side paging (10/20/50/100, spec 9), sorting and filters through the
// generic data provider, and per-row view/edit buttons and the status switch.
import { EditButton, List, ShowButton } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { Modal, Space, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";

import { RoleSearchForm } from "./RoleSearchForm";
import { RoleStatusSwitch } from "./RoleStatusSwitch";
import type { RoleSearch, SysRole } from "./types";
import { useAdminTable } from "../useAdminTable";

const toFilters = ({ roleName, status }: RoleSearch): CrudFilters => [
  { field: "roleName", operator: "contains", value: roleName },
  { field: "status", operator: "eq", value: status },
];

export function RoleList() {
  const { t } = useTranslation("admin");
  const [modal, modalHolder] = Modal.useModal();
  const { tableProps, searchFormProps, sortable } = useAdminTable<SysRole, RoleSearch>("sysRole", "roles", toFilters);

  const columns: TableColumnsType<SysRole> = [
    sortable("roleName"),
    sortable("roleCode"),
    { dataIndex: "description", title: t("roles.fields.description"), ellipsis: true },
    { dataIndex: "remark", title: t("roles.fields.remark"), ellipsis: true },
    {
      ...sortable("status"),
      render: (_, role) => <RoleStatusSwitch role={role} modal={modal} />,
    },
    sortable("createTime"),
    {
      key: "actions",
      title: t("roles.fields.actions"),
      render: (_, role) => (
        <Space>
          <ShowButton size="small" recordItemId={role.id} />
          <EditButton size="small" recordItemId={role.id} />
        </Space>
      ),
    },
  ];

  return (
    <List title={t("roles.titles.list")}>
      {modalHolder}
      <RoleSearchForm formProps={searchFormProps} />
      <Table<SysRole>
        {...tableProps}
        rowKey="id"
        columns={columns}
        locale={{ emptyText: t("roles.empty") }}
      />
    </List>
  );
}
