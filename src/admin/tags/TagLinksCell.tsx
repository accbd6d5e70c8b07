// The tags of one application or department in its list row: the tags as chips, "Edit tags" (a
// picker of at most 8, spec 5) and, for applications, removing one tag (its chip's close) or all of
// them, each confirmed. Actions are hidden without their button permission (spec 6).
import { CanAccess, useInvalidate, useNotification } from "@refinedev/core";
import { App, Button, Form, Modal, Select, Space, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { StaleRecordAlert, useStaleRecord } from "../crud";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { usePortalClient } from "../../api/ClientProvider";
import { MAX_TAGS, removeAppTag, saveAppTags, saveDeptTags, type LabelBrief } from "./api";
import { useTagName, useTagOptions } from "./useTagOptions";

export type TagOwner = "app" | "dept";
const RESOURCE: Record<TagOwner, string> = { app: "bscAppLabel", dept: "bscDeptLabel" };

/** `version`: the owner's version as its row was read; the tag save sends it back (issue 20). */
type Props = { owner: TagOwner; id: number; name: string; labels: LabelBrief[]; version: number };

export function TagLinksCell({ owner, id, name, labels, version }: Props) {
  const { t } = useTranslation("adminTags");
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const operateSuccess = useOperateSuccess();
  const tagName = useTagName();
  const [editing, setEditing] = useState(false);
  const staleSave = useStaleRecord();
  const resource = RESOURCE[owner];
  const client = usePortalClient();

  /** The picker's save: a stale one keeps the picker open with the reload offer; others toast their reason. */
  const saveTags = async (ids: number[]) => {
    try {
      await (owner === "app" ? saveAppTags(client, id, ids, version) : saveDeptTags(client, id, ids, version));
    } catch (error) {
      if (!staleSave.caught(error)) open?.({ type: "error", message: (error as Error).message, description: (error as Error).message });
      return;
    }
    open?.(operateSuccess());
    setEditing(false);
    await invalidate({ resource, invalidates: ["list"] });
  };

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      open?.(operateSuccess());
      await invalidate({ resource, invalidates: ["list"] });
      return true;
    } catch {
      return false; // the client already showed the server's message
    }
  };

  const confirmRemove = (label?: LabelBrief) =>
    modal.confirm({
      title: label ? t("links.removeOneConfirm", { tag: tagName(label), name }) : t("links.removeAllConfirm", { name }),
      content: t("links.removeContent"),
      okText: t("actions.ok"),
      cancelText: t("actions.cancel"),
      okButtonProps: { danger: true },
      onOk: () => run(() => removeAppTag(client, id, label?.id)),
    });

  const chip = (l: LabelBrief, closable: boolean) => (
    <Tag
      key={l.id}
      color={l.status === 1 ? "blue" : undefined}
      closable={closable}
      closeIcon={closable ? <span aria-label={t("links.removeOne", { tag: tagName(l) })}>×</span> : undefined}
      onClose={(e) => {
        e.preventDefault();
        confirmRemove(l);
      }}
    >
      {tagName(l)}
      {l.status !== 1 && ` (${t("status.disabled")})`}
    </Tag>
  );

  return (
    <Space wrap size={[4, 4]}>
      {labels.length === 0 && <Typography.Text type="secondary">{t("links.none")}</Typography.Text>}
      {owner === "app" ? (
        <CanAccess resource={resource} action="delete" fallback={<>{labels.map((l) => chip(l, false))}</>}>
          {labels.map((l) => chip(l, true))}
        </CanAccess>
      ) : (
        labels.map((l) => chip(l, false))
      )}
      <CanAccess resource={resource} action="edit">
        <Button size="small" type="link" onClick={() => setEditing(true)} aria-label={t("links.editFor", { name })}>
          {t("links.edit")}
        </Button>
      </CanAccess>
      {owner === "app" && labels.length > 0 && (
        <CanAccess resource={resource} action="delete">
          <Button size="small" type="link" danger onClick={() => confirmRemove()} aria-label={t("links.removeAllFor", { name })}>
            {t("links.removeAll")}
          </Button>
        </CanAccess>
      )}
      {editing && (
        <TagPicker
          title={t(owner === "app" ? "links.editAppTitle" : "links.editDeptTitle", { name })}
          labels={labels}
          onCancel={() => {
            staleSave.clear();
            setEditing(false);
          }}
          onSave={saveTags}
          stale={staleSave.stale ? { reloading: staleSave.reloading, reload: () => void staleSave.reload(() => invalidate({ resource, invalidates: ["list"] })) } : null}
        />
      )}
    </Space>
  );
}

type PickerProps = {
  title: string;
  labels: LabelBrief[];
  onCancel: () => void;
  onSave: (ids: number[]) => Promise<void>;
  /** The last save was refused as stale: the reload offer (its reload refetches the row). */
  stale: { reloading: boolean; reload: () => void } | null;
};

/** The dialog choosing at most 8 tags; a disabled tag already chosen stays selectable. */
function TagPicker({ title, labels, onCancel, onSave, stale }: PickerProps) {
  const { t } = useTranslation("adminTags");
  const tagName = useTagName();
  const { options, loading } = useTagOptions();
  const [value, setValue] = useState<number[]>(labels.map((l) => l.id));
  const [saving, setSaving] = useState(false);
  // Reloaded after a stale save: the picker shows the tags the row has now.
  const current = labels.map((l) => l.id).join(",");
  useEffect(() => setValue(current ? current.split(",").map(Number) : []), [current]);
  const kept = labels.filter((l) => !options.some((o) => o.value === l.id)).map((l) => ({ value: l.id, label: `${tagName(l)} (${t("status.disabled")})` }));

  const save = async () => {
    setSaving(true);
    await onSave(value);
    setSaving(false);
  };

  return (
    <Modal open title={title} onCancel={onCancel} onOk={save} confirmLoading={saving} okText={t("actions.save")} cancelText={t("actions.cancel")} destroyOnHidden>
      {stale && <StaleRecordAlert onReload={stale.reload} reloading={stale.reloading} />}
      <Form layout="vertical">
        <Form.Item label={t("links.tags")} help={t("links.max", { count: value.length, max: MAX_TAGS })}>
          <Select
            mode="multiple"
            autoFocus
            showSearch
            allowClear
            loading={loading}
            maxCount={MAX_TAGS}
            value={value}
            onChange={setValue}
            options={[...kept, ...options]}
            optionFilterProp="label"
            placeholder={t("links.placeholder")}
            aria-label={t("links.tags")}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
