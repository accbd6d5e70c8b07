// Create or edit one menu or button (createSysMenu, updateSysMenu) in a dialog over the tree. The
// rules mirror the server's (contract: openapi/paths/users.yaml /sysMenu): a menu's url is a route
// address, a button's url is `<parent prefix>:<action>`; the server answers anything else with 400.
import { useNotification } from "@refinedev/core";
import { Form, Input, InputNumber, Modal, Radio, Switch, TreeSelect, type FormRule } from "antd";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";

import { useMenuTitle } from "./useMenuTitle";

import type { components } from "../../api/schema";
import { usePortalApi } from "../../api/ClientProvider";
import { SILENT } from "../../api/client";
import { createRules } from "../../shared/validators";
import { StaleRecordAlert, useStaleRecord } from "../crud";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { buttonPrefix, flattenMenus, type MenuNode } from "./menuTree";

export type MenuDialog = { mode: "create"; parent?: MenuNode } | { mode: "edit"; node: MenuNode };

/** The contract's menu input, but for the switch's boolean `hidden` (sent as 0 or 1). */
type Values = Omit<components["schemas"]["SysMenuInput"], "hidden"> & { hidden: boolean };

const MENU_URL = /^\/[A-Za-z0-9_\-/]*$/;
const ACTION = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Menus a node may hang under: type 0 entries, never the edited node or its descendants. */
function parentOptions(tree: MenuNode[], titleOf: (n: MenuNode) => string, exclude?: MenuNode): any[] {
  const banned = new Set(exclude ? flattenMenus([exclude]).map((n) => n.id) : []);
  const walk = (nodes: MenuNode[] | undefined): any[] =>
    (nodes ?? [])
      .filter((n) => n.type === 0 && !banned.has(n.id))
      .map((n) => ({ value: n.id, title: `${titleOf(n)} (${n.url})`, children: walk(n.children) }));
  return walk(tree);
}

type Props = {
  dialog: MenuDialog | null;
  tree: MenuNode[];
  onClose: () => void;
  onSaved: () => void;
  /** Fetches the tree again (the reload offer after a stale save, issue 20). */
  onReload: () => Promise<unknown>;
};

export function MenuFormModal({ dialog, tree, onClose, onSaved, onReload }: Props) {
  const { t } = useTranslation("adminMenus");
  const rules = createRules(t);
  const titleOf = useMenuTitle();
  const [form] = Form.useForm<Values>();
  const operateSuccess = useOperateSuccess();
  const { open } = useNotification();
  const api = usePortalApi();
  const create = api.useMutation("post", "/sysMenu");
  const update = api.useMutation("put", "/sysMenu");
  const saving = create.isPending || update.isPending;
  const byId = useMemo(() => new Map(flattenMenus(tree).map((n) => [n.id, n])), [tree]);
  // The entry as the tree has it now: after a reload, its current fields and version (issue 20).
  const editing = dialog?.mode === "edit" ? (byId.get(dialog.node.id) ?? dialog.node) : undefined;
  const staleSave = useStaleRecord();

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.mode === "edit") {
      const n = byId.get(dialog.node.id) ?? dialog.node;
      form.setFieldsValue({ ...n, parentId: n.parentId ?? null, type: n.type as 0 | 1, hidden: n.hidden === 1 });
    } else {
      const parent = dialog.parent;
      const siblings = parent ? parent.children ?? [] : tree;
      const nextCode = siblings.length ? Math.max(...siblings.map((s) => s.menuCode)) + 1 : 1;
      form.setFieldsValue({ parentId: parent?.id ?? null, type: 0, menuCode: nextCode, hidden: false, url: parent ? "" : "/" });
    }
  }, [dialog, form, tree, byId]);

  const type = Form.useWatch("type", form);
  const parentId = Form.useWatch("parentId", form);
  const parent = parentId != null ? byId.get(parentId) : undefined;
  const prefix = parent ? buttonPrefix(parent.url) : "";
  // The spec 6 system button is top level; it may stay so (the server allows that one case).
  const topLevelButton = editing?.type === 1 && editing.parentId == null && parentId == null;

  const urlRule: FormRule = {
    validator: async (_r, value?: string) => {
      if (!value) return;
      if (type === 1) {
        if (topLevelButton) {
          if (!ACTION.test(value)) throw new Error(t("validation.buttonUrl", { prefix: "" }));
          return;
        }
        if (!parent) return; // the parent field explains it
        if (!value.startsWith(`${prefix}:`) || !ACTION.test(value.slice(prefix.length + 1)))
          throw new Error(t("validation.buttonUrl", { prefix }));
      } else if (!MENU_URL.test(value)) throw new Error(t("validation.menuUrl"));
    },
  };
  const parentRule: FormRule = {
    validator: async (_r, value?: number | null) => {
      if (type === 1 && value == null && !topLevelButton) throw new Error(t("validation.buttonParent"));
      if (value != null && byId.get(value)?.type === 1) throw new Error(t("validation.parentButton"));
    },
  };

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      menuCode: v.menuCode,
      menuName: v.menuName.trim(),
      url: v.url.trim(),
      interfaceUrl: v.interfaceUrl?.trim() || null,
      img: v.img?.trim() || null,
      type: v.type,
      parentId: v.parentId ?? null,
      hidden: v.hidden ? (1 as const) : (0 as const),
    };
    // Quiet: a refusal as stale is told by the reload offer alone, any other by one notification.
    try {
      // An edit sends the version it read: someone else's change since is refused, not overwritten.
      // The tree's entries always carry it; 0 (no record has it, they start at 1) would be refused as stale.
      if (editing) await update.mutateAsync({ body: { id: editing.id, version: editing.version ?? 0, ...body }, headers: SILENT });
      else await create.mutateAsync({ body, headers: SILENT });
    } catch (error) {
      const told = staleSave.errorNotification(error as Error);
      if (told) open?.(told);
      if (staleSave.caught(error)) return;
      throw error;
    }
    open?.(operateSuccess());
    onSaved();
  };
  const close = () => {
    staleSave.clear();
    onClose();
  };

  const title = !dialog
    ? ""
    : dialog.mode === "edit"
      ? t("form.editTitle", { name: titleOf(dialog.node) })
      : dialog.parent
        ? t("form.createChildTitle", { parent: titleOf(dialog.parent) })
        : t("form.createTitle");

  return (
    <Modal
      open={dialog !== null}
      title={title}
      okText={t("form.ok")}
      cancelText={t("form.cancel")}
      confirmLoading={saving}
      onOk={() => save().catch(() => undefined)}
      onCancel={close}
      forceRender
      width={560}
    >
      {staleSave.stale && <StaleRecordAlert onReload={() => void staleSave.reload(onReload)} reloading={staleSave.reloading} />}
      <Form form={form} layout="vertical" name="sysMenuForm">
        <Form.Item name="parentId" label={t("fields.parentId")} rules={[parentRule]} dependencies={["type"]}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t("form.placeholders.parentId")}
            treeData={parentOptions(tree, titleOf, editing)}
            onChange={() => form.validateFields(["url"]).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item name="type" label={t("fields.type")}>
          <Radio.Group
            options={[
              { value: 0, label: t("type.menu") },
              { value: 1, label: t("type.button") },
            ]}
            onChange={() => form.validateFields(["url", "parentId"]).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item name="menuName" label={t("fields.menuName")} rules={[rules.required(), rules.maxLength(50)]}>
          <Input placeholder={t("form.placeholders.menuName")} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t("fields.url")}
          rules={[rules.required(), rules.maxLength(200), urlRule]}
          dependencies={["type", "parentId"]}
          extra={type === 1 ? t("form.urlButtonHelp", { prefix: prefix || "…" }) : t("form.urlMenuHelp")}
        >
          <Input placeholder={t("form.placeholders.url")} />
        </Form.Item>
        <Form.Item name="menuCode" label={t("fields.menuCode")} rules={[{ required: true, message: t("common:validators.required") }]}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="interfaceUrl" label={t("fields.interfaceUrl")} rules={[rules.maxLength(200)]}>
          <Input placeholder={t("form.placeholders.interfaceUrl")} />
        </Form.Item>
        <Form.Item name="img" label={t("fields.img")} rules={[rules.maxLength(100)]}>
          <Input placeholder={t("form.placeholders.img")} />
        </Form.Item>
        <Form.Item name="hidden" label={t("fields.hidden")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
