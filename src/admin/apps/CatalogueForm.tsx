// Create and edit one catalogue row in a dialog (the contract has no application getById, so the
// row being edited comes from the list). Spec 5's rules are checked here and again on the server;
// the server's refusals (a taken keyword: "Keyword existed, please input a new one") arrive as
// refine's error notification and on the field they concern.
import { useEffect } from "react";
import { useCreate, useUpdate, type HttpError } from "@refinedev/core";
import { Form, Input, Modal, Radio, Select, type FormRule } from "antd";
import { useTranslation } from "react-i18next";

import { StaleRecordAlert, useStaleRecord } from "../crud";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { ADDRESS, DEVICES, saveBody, type Catalogue, type CatalogueRecord } from "./catalogues";

type Props = {
  catalogue: Catalogue;
  /** null: closed; "new": create; a record: edit it. */
  editing: CatalogueRecord | "new" | null;
  tags: { value: number; label: string }[];
  tagsFailed: boolean;
  onClose: () => void;
  /** Fetches the edited row again into `editing` (the reload offer after a stale save, issue 20). */
  onReload: () => Promise<void>;
};

const MAX_TAGS = 8;

export function CatalogueForm({ catalogue: c, editing, tags, tagsFailed, onClose, onReload }: Props) {
  const { t } = useTranslation(["adminApps", "common", "admin"]);
  const [form] = Form.useForm();
  const operateSuccess = useOperateSuccess();
  const create = useCreate<{ id: number }, HttpError>();
  const update = useUpdate<{ id: number }, HttpError>();
  // A save of a row someone else changed since the list was read is refused (409, issue 20): the
  // dialog offers to reload it, which refetches the list and refills the dialog with the row now.
  const staleSave = useStaleRecord();
  const open = editing !== null;
  const record = editing !== null && editing !== "new" ? editing : null;
  const noun = t(`nouns.${c.resource}`);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(record ? { ...record, labelIds: record.labelIds ?? [] } : { userDevice: "all", labelIds: [] });
  }, [open, record, form]);

  const close = () => {
    staleSave.clear();
    onClose();
  };

  const required: FormRule = { required: true, whitespace: true, message: t("common:validators.required") };
  const max = (n: number): FormRule => ({ max: n, message: t("common:validators.maxLength", { max: n }) });
  const address = (isRequired: boolean): FormRule[] => [
    ...(isRequired ? [required] : []),
    max(2000),
    { validator: (_r, v) => (!v || ADDRESS.test(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(t("form.urlRule")))) },
  ];

  const submit = async (values: Record<string, unknown>) => {
    const body = saveBody(c, values);
    const options = { resource: c.resource, successNotification: operateSuccess, errorNotification: staleSave.errorNotification };
    try {
      if (!record) await create.mutateAsync({ ...options, values: body });
      else if (c.updateByCreate) await create.mutateAsync({ ...options, values: { ...body, id: record.id, version: record.version } });
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
      title={t(record ? "form.editTitle" : "form.createTitle", { name: noun })}
      okText={t("form.save")}
      cancelText={t("form.cancel")}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.mutation.isPending || update.mutation.isPending}
      destroyOnHidden
      width={640}
    >
      {staleSave.stale && (
        <StaleRecordAlert onReload={() => void staleSave.reload(onReload)} reloading={staleSave.reloading} />
      )}
      {/* A form name of its own: the list's search form also has a "name" field (label ids). */}
      <Form form={form} name={`${c.resource}Form`} layout="vertical" onFinish={submit} aria-label={t(record ? "form.editTitle" : "form.createTitle", { name: noun })}>
        <Form.Item name="name" label={t("fields.name")} rules={[required, max(100)]}>
          <Input maxLength={100} />
        </Form.Item>
        {c.app && (
          <Form.Item name="keyword" label={t("fields.keyword")} rules={[required, max(50)]}>
            <Input maxLength={50} />
          </Form.Item>
        )}
        <Form.Item name="url" label={t("fields.url")} rules={address(true)}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="userDevice" label={t("fields.userDevice")} rules={[{ required: true, message: t("common:validators.required") }]}>
          <Radio.Group options={DEVICES.map((d) => ({ value: d, label: t(`devices.${d}`) }))} />
        </Form.Item>
        {c.app && (
          <>
            <Form.Item name="image" label={t("fields.image")} rules={address(false)} extra={t("form.imageHelp")}>
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item name="description" label={t("fields.description")} rules={[max(500)]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </>
        )}
        {c.tagged && (
          <Form.Item
            name="labelIds"
            label={t("fields.labelIds")}
            rules={[{ type: "array", max: MAX_TAGS, message: t("form.tagsMax") }]}
            extra={tagsFailed ? t("form.tagsFailed") : t("form.tagsMax")}
          >
            <Select mode="multiple" maxCount={MAX_TAGS} options={tags} optionFilterProp="label" allowClear />
          </Form.Item>
        )}
        {!c.app && (
          <Form.Item name="compatibilityRange" label={t("fields.compatibilityRange")} rules={[max(100)]}>
            <Input maxLength={100} placeholder="Chrome 90+" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
