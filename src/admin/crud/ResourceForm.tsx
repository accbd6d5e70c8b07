// The generic create and edit pages of a definition: one form from its form fields, with spec 5's
// rules (required, length, URL) and the operateSuccess message; the server's own refusals (a taken
// keyword, say) arrive as refine's error notification in the current language, except an edit of a
// record someone else changed since (issue 20), which the page answers with a reload offer.
import { useForm } from "@refinedev/antd";
import { Create, Edit } from "./pages";
import { useNavigation, useParsed, type HttpError } from "@refinedev/core";
import { Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { useOperateSuccess } from "../roles/useOperateSuccess";
import { formInputOf, formRulesOf, isObject, keyOf, nsOf } from "./fields";
import { StaleRecordAlert } from "./StaleRecordAlert";
import type { AdminResourceDef } from "./types";
import { useVersionedForm } from "./useVersionedForm";

/** The form fields of a definition (the edit leaves out `createOnly` ones); also the dialog's (FormModal). */
export function Fields({ def, mode }: { def: AdminResourceDef; mode: "create" | "edit" }) {
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
              extra={form.extra ? t(keyOf(def, form.extra)) : undefined}
              initialValue={mode === "create" ? form.initialValue : undefined}
            >
              {formInputOf(def, f, t)}
            </Form.Item>
          );
        })}
    </>
  );
}

/** The form's values as the definition sends them (e.g. empty optional fields as null). */
const sent = (def: AdminResourceDef, values: Record<string, unknown>) => (def.form?.transform ? def.form.transform(values) : values);

/** The create page; a definition's `form.afterCreate` is shown over it before going back to the list. */
export function ResourceCreate({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const { list } = useNavigation();
  const AfterCreate = def.form?.afterCreate;
  const [created, setCreated] = useState<{ record: any; values: Record<string, unknown> } | null>(null);
  const { formProps, saveButtonProps } = useForm<any, HttpError, any>({
    resource: def.name,
    action: "create",
    redirect: AfterCreate ? false : "list",
    successNotification: useOperateSuccess(),
    onMutationSuccess: ({ data }, values) => {
      if (AfterCreate) setCreated({ record: data, values });
    },
  });
  return (
    <Create
      title={def.texts?.createTitle ? t(keyOf(def, def.texts.createTitle)) : t("crud.titles.create", { name: t(def.label) })}
      saveButtonProps={saveButtonProps}
    >
      <Form {...formProps} onFinish={(values) => formProps.onFinish?.(sent(def, values))} layout="vertical" style={{ maxWidth: 720 }}>
        <Fields def={def} mode="create" />
      </Form>
      {AfterCreate && created && <AfterCreate created={created.record} values={created.values} onDone={() => list(def.name)} />}
    </Create>
  );
}

/** The edit page: the save carries the version read, and a stale one offers to reload (issue 20). */
export function ResourceEdit({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const { id } = useParsed();
  const { formProps, saveButtonProps, stale, reload, reloading } = useVersionedForm<any, any>({
    resource: def.name,
    action: "edit",
    id,
    successNotification: useOperateSuccess(),
  });
  return (
    <Edit
      title={def.texts?.editTitle ? t(keyOf(def, def.texts.editTitle)) : t("crud.titles.edit", { name: t(def.label) })}
      saveButtonProps={saveButtonProps}
      canDelete={false}
    >
      {stale && <StaleRecordAlert onReload={() => void reload()} reloading={reloading} />}
      <Form {...formProps} onFinish={(values) => formProps.onFinish?.(sent(def, values))} layout="vertical" style={{ maxWidth: 720 }}>
        <Fields def={def} mode="edit" />
      </Form>
    </Edit>
  );
}
