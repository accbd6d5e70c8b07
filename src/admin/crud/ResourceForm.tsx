// The generic create and edit pages of a definition: one form from its form fields, with spec 5's
// rules (required, length, URL) and the operateSuccess message; the server's own refusals (a taken
// keyword, say) arrive as refine's error notification in the current language, except an edit of a
// record someone else changed since (issue 20), which the page answers with a reload offer.
import { useForm } from "@refinedev/antd";
import { Create, Edit } from "./pages";
import { useParsed, type HttpError } from "@refinedev/core";
import { Form } from "antd";
import { useTranslation } from "react-i18next";

import { useOperateSuccess } from "../roles/useOperateSuccess";
import { formInputOf, formRulesOf, isObject, keyOf, nsOf } from "./fields";
import { StaleRecordAlert } from "./StaleRecordAlert";
import type { AdminResourceDef } from "./types";
import { useVersionedForm } from "./useVersionedForm";

function Fields({ def, mode }: { def: AdminResourceDef; mode: "create" | "edit" }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  return (
    <>
      {(def.fields ?? [])
        .filter((f) => f.form && !(mode === "edit" && isObject(f.form) && f.form.createOnly))
        .map((f) => {
          const form = isObject(f.form) ? f.form : {};
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(keyOf(def, f.label))}
              rules={formRulesOf(f, t)}
              help={form.help ? t(keyOf(def, form.help)) : undefined}
              initialValue={mode === "create" ? form.initialValue : undefined}
            >
              {formInputOf(def, f, t)}
            </Form.Item>
          );
        })}
    </>
  );
}

export function ResourceCreate({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation("admin");
  const { formProps, saveButtonProps } = useForm<any, HttpError, any>({
    resource: def.name,
    action: "create",
    successNotification: useOperateSuccess(),
  });
  return (
    <Create title={t("crud.titles.create", { name: t(def.label) })} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" style={{ maxWidth: 720 }}>
        <Fields def={def} mode="create" />
      </Form>
    </Create>
  );
}

/** The edit page: the save carries the version read, and a stale one offers to reload (issue 20). */
export function ResourceEdit({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation("admin");
  const { id } = useParsed();
  const { formProps, saveButtonProps, stale, reload, reloading } = useVersionedForm<any, any>({
    resource: def.name,
    action: "edit",
    id,
    successNotification: useOperateSuccess(),
  });
  return (
    <Edit title={t("crud.titles.edit", { name: t(def.label) })} saveButtonProps={saveButtonProps} canDelete={false}>
      {stale && <StaleRecordAlert onReload={() => void reload()} reloading={reloading} />}
      <Form {...formProps} layout="vertical" style={{ maxWidth: 720 }}>
        <Fields def={def} mode="edit" />
      </Form>
    </Edit>
  );
}
