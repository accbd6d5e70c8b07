import { Show } from "../crud/pages";
import { useParsed, useShow } from "@refinedev/core";
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";

import { RoleStatusTag } from "./RoleStatusTag";
import type { SysRole } from "./types";

export function RoleShow() {
  const { t } = useTranslation("admin");
  const { id } = useParsed();
  const { query, result: role } = useShow<SysRole>({ resource: "sysRole", id });
  const field = (name: keyof SysRole) => t(`roles.fields.${name}`);
  return (
    <Show title={t("roles.titles.show")} isLoading={query.isLoading} canDelete={false}>
      {role && (
        <Descriptions column={1} bordered>
          <Descriptions.Item label={field("roleName")}>{role.roleName}</Descriptions.Item>
          <Descriptions.Item label={field("roleCode")}>{role.roleCode}</Descriptions.Item>
          <Descriptions.Item label={field("description")}>{role.description}</Descriptions.Item>
          <Descriptions.Item label={field("remark")}>{role.remark}</Descriptions.Item>
          <Descriptions.Item label={field("status")}>
            <RoleStatusTag status={role.status} />
          </Descriptions.Item>
          <Descriptions.Item label={field("createTime")}>{role.createTime}</Descriptions.Item>
        </Descriptions>
      )}
    </Show>
  );
}
