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
import { ExportButton } from "../crud/ExportButton";

const toFilters = ({ roleName, status }: RoleSearch): CrudFilters => [
  { field: "roleName", operator: "contains", value: roleName },
  { field: "status", operator: "eq", value: status },
];

export function RoleList() {
  const { t } = useTranslation("admin");
  const [modal, modalHolder] = Modal.useModal();
  const { tableProps, searchFormProps, sortable, sorters, filters } = useAdminTable<SysRole, RoleSearch>("sysRole", "roles", toFilters);

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
      fixed: "right",
      render: (_, role) => (
        <Space>
          <ShowButton size="small" recordItemId={role.id} />
          <EditButton size="small" recordItemId={role.id} />
        </Space>
      ),
    },
  ];

  return (
    <List
      title={t("roles.titles.list")}
      headerButtons={({ defaultButtons }) => (
        <Space wrap>
          <ExportButton
            resource="sysRole"
            filters={filters}
            sorters={sorters}
            fileName={t("menu.sysRole")}
            columns={(["roleName", "roleCode", "description", "remark", "status", "createTime"] as const).map((key) => ({
              key,
              title: t(`roles.fields.${key}`),
              text: key === "status" ? (r: SysRole) => t(`roles.status.${r.status === 1 ? "enabled" : "disabled"}`) : undefined,
            }))}
          />
          {defaultButtons}
        </Space>
      )}
    >
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
