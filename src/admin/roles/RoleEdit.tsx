import { Edit } from "../crud/pages";
import { useParsed } from "@refinedev/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { StaleRecordAlert, useVersionedForm } from "../crud";
import { grantDiff } from "../menus/menuTree";
import { PermissionPreview } from "./PermissionPreview";
import { RoleForm } from "./RoleForm";
import type { RoleFormValues, SysRole } from "./types";
import { useOperateSuccess } from "./useOperateSuccess";
import { useRoleMenuTree } from "./useRoleMenuTree";

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

export function RoleEdit() {
  const { t } = useTranslation("admin");
  // refine reads the id from the route only when it also infers the resource; naming the
  // resource means naming the id too.
  const { id } = useParsed();
  // The save carries the version read; a role changed by someone else since offers to reload (issue 20).
  const { formProps, saveButtonProps, query, formLoading, stale, reload, reloading } = useVersionedForm<SysRole, RoleFormValues>({
    resource: "sysRole",
    action: "edit",
    id,
    successNotification: useOperateSuccess(),
  });
  const { tree } = useRoleMenuTree();
  // A change of permissions is previewed first (gained, lost, affected users); other saves go straight.
  const [pending, setPending] = useState<RoleFormValues | null>(null);
  const before = useMemo(() => query?.data?.data?.menuIds ?? [], [query?.data?.data?.menuIds]);
  const diff = useMemo(() => grantDiff(tree, before, pending?.menuIds ?? before), [tree, before, pending]);

  const onFinish = (values: RoleFormValues) => {
    if (values.menuIds && !sameSet(values.menuIds, before)) setPending(values);
    else return formProps.onFinish?.(values);
  };
  const confirm = async () => {
    const values = pending;
    if (!values) return;
    try {
      await formProps.onFinish?.(values);
    } finally {
      setPending(null);
    }
  };

  return (
    <Edit title={t("roles.titles.edit")} saveButtonProps={saveButtonProps} canDelete={false}>
      {stale && <StaleRecordAlert onReload={() => void reload()} reloading={reloading} />}
      <RoleForm formProps={{ ...formProps, onFinish }} />
      <PermissionPreview
        open={pending !== null}
        roleCode={query?.data?.data?.roleCode ?? pending?.roleCode}
        diff={diff}
        saving={formLoading}
        onConfirm={() => void confirm().catch(() => undefined)}
        onCancel={() => setPending(null)}
      />
    </Edit>
  );
}
