// The user list (spec 2.3 /sys/user): server-side paging (10/20/50/100, spec 9), sorting and
// filters through the generic data provider; per row the roles (the primary first), the status
// switch, edit, password reset and delete (confirmed).
import { EditButton, List } from "@refinedev/antd";
import { DeleteButton } from "../crud/DeleteButton";
import type { CrudFilters } from "@refinedev/core";
import { Modal, Space, Table, Tag, Tooltip, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";

import { useAdminTable } from "../useAdminTable";
import { ExportButton } from "../crud/ExportButton";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { StatusSwitch } from "../StatusSwitch";
import { ResetPasswordButton } from "./ResetPasswordButton";
import { UserSearchForm } from "./UserSearchForm";
import type { SysUser, UserSearch } from "./types";

const toFilters = ({ userName, roleCode, bu, status }: UserSearch): CrudFilters => [
  { field: "userName", operator: "contains", value: userName },
  { field: "roleCode", operator: "eq", value: roleCode },
  { field: "bu", operator: "contains", value: bu },
  { field: "status", operator: "eq", value: status },
];

export function UserList() {
  const { t } = useTranslation("admin");
  const [modal, modalHolder] = Modal.useModal();
  const operateSuccess = useOperateSuccess();
  const { tableProps, searchFormProps, sortable, sorters, filters } = useAdminTable<SysUser, UserSearch>("sysUser", "users", toFilters);

  const columns: TableColumnsType<SysUser> = [
    sortable("userName"),
    sortable("realName"),
    {
      dataIndex: "roleNames",
      title: t("users.fields.roleCodes"),
      render: (_, user) => (
        <Space size={[0, 4]} wrap>
          {user.roleNames.map((name, i) =>
            i === 0 ? (
              <Tooltip key={user.roleCodes[i]} title={t("users.primaryRole")}>
                <Tag color="blue">{name}</Tag>
              </Tooltip>
            ) : (
              <Tag key={user.roleCodes[i]}>{name}</Tag>
            ),
          )}
        </Space>
      ),
    },
    sortable("bu"),
    { dataIndex: "email", title: t("users.fields.email"), ellipsis: true },
    { dataIndex: "phone", title: t("users.fields.phone") },
    {
      ...sortable("status"),
      render: (_, user) => <StatusSwitch resource="sysUser" id={user.id} name={user.realName} status={user.status} keys="users" modal={modal} />,
    },
    sortable("createTime"),
    {
      key: "actions",
      title: t("users.fields.actions"),
      fixed: "right",
      render: (_, user) => (
        <Space wrap>
          <EditButton size="small" recordItemId={user.id} />
          <ResetPasswordButton userId={user.id} userName={user.userName} modal={modal} />
          <DeleteButton
            size="small"
            recordItemId={user.id}
            confirmTitle={t("users.confirmDelete", { name: user.realName })}
            confirmOkText={t("users.status.ok")}
            confirmCancelText={t("users.status.cancel")}
            successNotification={operateSuccess}
          />
        </Space>
      ),
    },
  ];

  return (
    <List
      title={t("users.titles.list")}
      headerButtons={({ defaultButtons }) => (
        <Space wrap>
          <ExportButton
            resource="sysUser"
            filters={filters}
            sorters={sorters}
            fileName={t("menu.sysUser")}
            columns={[
              ...(["userName", "realName"] as const).map((key) => ({ key, title: t(`users.fields.${key}`) })),
              { key: "roleNames", title: t("users.fields.roleCodes"), text: (u: SysUser) => u.roleNames.join(", ") },
              ...(["bu", "email", "phone"] as const).map((key) => ({ key, title: t(`users.fields.${key}`) })),
              { key: "status", title: t("users.fields.status"), text: (u: SysUser) => t(`users.status.${u.status === 1 ? "enabled" : "disabled"}`) },
              { key: "createTime", title: t("users.fields.createTime") },
            ]}
          />
          {defaultButtons}
        </Space>
      )}
    >
      {modalHolder}
      <UserSearchForm formProps={searchFormProps} />
      <Table<SysUser>
        {...tableProps}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("users.empty") }}
      />
    </List>
  );
}
