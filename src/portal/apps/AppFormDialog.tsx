// The dialog that adds or changes an app the user added by hand (Customize): name, address
// (http(s) only), optional icon address, device, and at most 8 tags from the tag list.
import { useState } from "react";
import { Alert, Form, Input, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { isAddress, isHttpUrl, MAX_TAGS, tagName, type BscLabel, type Language, type PersonalApp } from "./appCentre";
import { createApp, updateApp } from "./api";
import { usePortalClient } from "../../api/ClientProvider";

export interface AppFormValues {
  appName: string;
  appUrl: string;
  appIconUrl?: string;
  pcOrH5Status: 0 | 1 | 2;
  labelIds: number[];
}

export interface AppFormDialogProps {
  open: boolean;
  /** The app to change, or null to add one. */
  app: PersonalApp | null;
  tags: BscLabel[];
  /** The tag list could not be loaded: the picker says so and stays empty. */
  tagsFailed: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const DEVICES = [0, 2, 1] as const;

export function AppFormDialog({ open, app, tags, tagsFailed, onClose, onSaved }: AppFormDialogProps) {
  const client = usePortalClient();
  const { t, i18n } = useTranslation("apps");
  const language: Language = i18n.language === "en" ? "en" : "cn";
  const [form] = Form.useForm<AppFormValues>();
  const [saving, setSaving] = useState(false);

  const initialValues: AppFormValues = app
    ? {
        appName: app.appName,
        appUrl: app.appUrl,
        appIconUrl: app.appIconUrl ?? "",
        pcOrH5Status: (app.pcOrH5Status ?? 0) as 0 | 1 | 2,
        labelIds: (app.labelIds ?? []).slice(0, MAX_TAGS),
      }
    : { appName: "", appUrl: "", appIconUrl: "", pcOrH5Status: 0, labelIds: [] };

  const submit = async () => {
    let values: AppFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    const fields = {
      appName: values.appName.trim(),
      appUrl: values.appUrl.trim(),
      appIconUrl: values.appIconUrl?.trim() ? values.appIconUrl.trim() : null,
      pcOrH5Status: values.pcOrH5Status,
      labelIds: values.labelIds ?? [],
    };
    setSaving(true);
    try {
      if (app) await updateApp({ id: app.id, ...fields }, client);
      else await createApp(fields, client);
      toast(t("common.saved"), "success");
      onSaved();
    } catch {
      // the toast said why; the dialog stays open with what was typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(app ? "form.editTitle" : "form.addTitle")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="app-form-dialog"
    >
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} onFinish={() => void submit()}>
        <Form.Item
          name="appName"
          label={t("form.name")}
          rules={[
            { required: true, whitespace: true, message: t("form.nameRequired") },
            { max: 100, message: t("form.nameTooLong") },
          ]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          name="appUrl"
          label={t("form.url")}
          extra={t("form.urlHint")}
          rules={[
            { required: true, whitespace: true, message: t("form.urlRequired") },
            { validator: async (_, value: string) => (!value?.trim() || isHttpUrl(value) ? undefined : Promise.reject(new Error(t("form.urlInvalid")))) },
          ]}
        >
          <Input maxLength={2000} placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="appIconUrl"
          label={t("form.icon")}
          extra={t("form.iconHint")}
          rules={[{ validator: async (_, value: string) => (!value?.trim() || isAddress(value) ? undefined : Promise.reject(new Error(t("form.iconInvalid")))) }]}
        >
          <Input maxLength={2000} placeholder="https://" />
        </Form.Item>
        <Form.Item name="pcOrH5Status" label={t("form.device")}>
          <Select options={DEVICES.map((value) => ({ value, label: t(`device.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="labelIds"
          label={t("form.tags")}
          extra={t("form.tagsHint", { max: MAX_TAGS })}
          rules={[{ type: "array", max: MAX_TAGS, message: t("form.tooManyTags", { max: MAX_TAGS }) }]}
        >
          <Select
            mode="multiple"
            maxCount={MAX_TAGS}
            allowClear
            optionFilterProp="label"
            placeholder={t("form.tagsPlaceholder")}
            options={tags.map((tag) => ({ value: tag.id, label: tagName(tag, language) }))}
            notFoundContent={t(tagsFailed ? "form.tagsFailed" : "form.noTags")}
          />
        </Form.Item>
        {tagsFailed && <Alert type="warning" showIcon message={t("form.tagsFailed")} />}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
