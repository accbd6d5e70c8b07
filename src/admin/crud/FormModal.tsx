// The create and edit dialog of a definition with `form.modal` (issue 22): the generic form fields
// over the list, the edit filled from the list's row (the catalogues have no getById). Spec 5's
// rules are checked here and again on the server; the server's refusals (a taken keyword) arrive as
// refine's error notification and on the field they name; a save of a row someone else changed
// since the list was read (409, issue 20) offers to reload it instead.
import { useEffect } from "react";
import { useCreate, useUpdate, type HttpError } from "@refinedev/core";
import { Form, Modal } from "antd";
import { useTranslation } from "react-i18next";

import { useOperateSuccess } from "../roles/useOperateSuccess";
import { keyOf, nsOf } from "./fields";
import { Fields } from "./ResourceForm";
import { StaleRecordAlert } from "./StaleRecordAlert";
import type { AdminResourceDef } from "./types";
import { useStaleRecord } from "./useStaleRecord";

type Row = { id: number | string; version?: number } & Record<string, unknown>;

type Props = {
  def: AdminResourceDef;
  /** null: closed; "new": create; a row of the list: edit it. */
  editing: Row | "new" | null;
  onClose: () => void;
  /** Reads the edited row again into `editing` (the reload offer after a stale save). */
  onReload: () => Promise<void>;
};

/** The dialog's title: the definition's create/edit title (or admin.json's) with what a record is called. */
function titleOf(def: AdminResourceDef, editing: boolean, t: (key: string, options?: Record<string, unknown>) => string) {
  const name = t(def.texts?.noun ? keyOf(def, def.texts.noun) : def.label);
  const own = editing ? def.texts?.editTitle : def.texts?.createTitle;
  return t(own ? keyOf(def, own) : editing ? "crud.titles.edit" : "crud.titles.create", { name });
}

export function FormModal({ def, editing, onClose, onReload }: Props) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const [form] = Form.useForm();
  const operateSuccess = useOperateSuccess();
  const create = useCreate<{ id: number }, HttpError>();
  const update = useUpdate<{ id: number }, HttpError>();
  const staleSave = useStaleRecord();
  const open = editing !== null;
  const record = editing !== null && editing !== "new" ? editing : null;
  const title = titleOf(def, Boolean(record), t);

  useEffect(() => {
    if (!open) return;
    form.resetFields(); // a create starts from the fields' initial values
    if (record) form.setFieldsValue(record);
  }, [open, record, form]);

  const close = () => {
    staleSave.clear();
    onClose();
  };

  const submit = async (values: Record<string, unknown>) => {
    const body = def.form?.transform ? def.form.transform(values) : values;
    const options = { resource: def.name, successNotification: operateSuccess, errorNotification: staleSave.errorNotification };
    try {
      if (!record) await create.mutateAsync({ ...options, values: body });
      else if (def.form?.updateByCreate) await create.mutateAsync({ ...options, values: { ...body, id: record.id, version: record.version } });
      else await update.mutateAsync({ ...options, id: record.id, values: { ...body, version: record.version } });
      close();
    } catch (e) {
      if (staleSave.caught(e)) return;
      // refine has shown the message; put it on the field the server named, if any.
      const errors = (e as HttpError).errors as Record<string, string[] | string> | undefined;
      const fields = errors ? Object.keys(errors).filter((k) => k in body) : [];
      if (fields.length) form.setFields(fields.map((name) => ({ name, errors: ([] as string[]).concat(errors![name]) })));
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t("refine.buttons.save")}
      cancelText={t("crud.cancel")}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.mutation.isPending || update.mutation.isPending}
      destroyOnHidden
      width={640}
    >
      {staleSave.stale && <StaleRecordAlert onReload={() => void staleSave.reload(onReload)} reloading={staleSave.reloading} />}
      {/* A form name of its own: the list's search form has fields of the same names. */}
      <Form form={form} name={`${def.name}Form`} layout="vertical" onFinish={submit} aria-label={title}>
        <Fields def={def} mode={record ? "edit" : "create"} />
      </Form>
    </Modal>
  );
}
