// The folder tree of /knowledgeIndex (spec 7.6 bscFolder): choose a folder to list its policies;
// add a folder (at the root or inside the chosen one), rename it, delete it after a confirmation.
// A folder holding policies or sub-folders is not deleted (the server says why). Changing folders
// needs the knowledgeIndex:folder button; without it the tree is read-only.
import { useCallback, useEffect, useState } from "react";
import { Button, Card, Empty, Form, Input, Modal, Space, Spin, Tooltip, Tree, type TreeDataNode } from "antd";
import { ConfirmPopover } from "../../shared/ConfirmPopover";
import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from "@ant-design/icons";
import { CanAccess } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { StaleRecordAlert, useStaleRecord } from "../crud";
import { POLICY, deleteFolder, listFolders, renameFolder, saveFolder, type BscFolder } from "./api";
import { usePortalClient } from "../../api/ClientProvider";

interface Props {
  selected: number | null;
  onSelect: (folder: BscFolder | null) => void;
  /** The tree as loaded (the form's folder picker uses it). */
  onLoaded: (tree: BscFolder[]) => void;
}

type Editing = { mode: "add"; parentId: number | null } | { mode: "rename"; folder: BscFolder };

function find(tree: BscFolder[], id: number | null): BscFolder | null {
  for (const f of tree) {
    if (f.id === id) return f;
    const inner = find(f.children, id);
    if (inner) return inner;
  }
  return null;
}

const toNodes = (tree: BscFolder[]): TreeDataNode[] => tree.map((f) => ({ key: f.id, title: f.folderName, children: toNodes(f.children) }));

export function FolderTree({ selected, onSelect, onLoaded }: Props) {
  const client = usePortalClient();
  const { t } = useTranslation(["adminPolicy", "admin"]);
  const [tree, setTree] = useState<BscFolder[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ folderName: string }>();
  // A rename of a folder someone else changed since the tree was read is refused (issue 20): the
  // dialog offers to reload the tree, which refills it with the folder as it is now.
  const staleSave = useStaleRecord();

  const load = useCallback(async () => {
    try {
      const data = await listFolders(client);
      setTree(data);
      onLoaded(data);
      return data;
    } catch {
      setTree((old) => old ?? []);
      return null;
    }
  }, [client, onLoaded]);

  useEffect(() => {
    void load();
  }, [load]);

  const current = tree ? find(tree, selected) : null;

  const open = (next: Editing) => {
    staleSave.clear();
    setEditing(next);
    form.setFieldsValue({ folderName: next.mode === "rename" ? next.folder.folderName : "" });
  };

  const submit = async ({ folderName }: { folderName: string }) => {
    if (!editing) return;
    setSaving(true);
    try {
      const id = editing.mode === "add" ? await saveFolder(client, { folderName, parentId: editing.parentId }) : await renameFolder(client, editing.folder, folderName);
      toast(t("admin:messages.operateSuccess"), "success");
      setEditing(null);
      const data = await load();
      if (data) onSelect(find(data, id));
    } catch (error) {
      // An add's reason (a taken name) was toasted by the client; a rename is silent: stale shows the offer.
      if (editing.mode === "rename" && !staleSave.caught(error)) toast((error as Error).message, "error");
    } finally {
      setSaving(false);
    }
  };

  /** The reload offer's action: the tree again, and the dialog with the folder as it is now. */
  const reloadRenamed = async () => {
    if (editing?.mode !== "rename") return;
    const data = await load();
    const fresh = data ? find(data, editing.folder.id) : null;
    if (!fresh) return setEditing(null);
    setEditing({ mode: "rename", folder: fresh });
    form.setFieldsValue({ folderName: fresh.folderName });
  };

  const remove = async () => {
    if (!current) return;
    try {
      await deleteFolder(client, current.id);
      toast(t("admin:messages.operateSuccess"), "success");
      onSelect(null);
      await load();
    } catch {
      // Shown by the client (a folder that still holds policies or sub-folders).
    }
  };

  return (
    <Card
      size="small"
      title={t("folders.title")}
      styles={{ body: { padding: 8 } }}
      extra={
        <CanAccess resource={POLICY} action="folder">
          <Space size={2}>
            <Tooltip title={t("folders.addRoot")}>
              <Button size="small" type="text" icon={<FolderAddOutlined />} aria-label={t("folders.addRoot")} onClick={() => open({ mode: "add", parentId: null })} />
            </Tooltip>
            <Tooltip title={t("folders.addChild")}>
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                disabled={!current}
                aria-label={t("folders.addChild")}
                onClick={() => current && open({ mode: "add", parentId: current.id })}
              />
            </Tooltip>
            <Tooltip title={t("folders.rename")}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                disabled={!current}
                aria-label={t("folders.rename")}
                onClick={() => current && open({ mode: "rename", folder: current })}
              />
            </Tooltip>
            <ConfirmPopover
              title={t("folders.confirmDelete", { name: current?.folderName ?? "" })}
              description={t("folders.confirmDeleteContent")}
              okText={t("actions.ok")}
              cancelText={t("actions.cancel")}
              onConfirm={remove}
              disabled={!current}
            >
              <Tooltip title={t("folders.delete")}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={!current} aria-label={t("folders.delete")} />
              </Tooltip>
            </ConfirmPopover>
          </Space>
        </CanAccess>
      }
    >
      {tree === null ? (
        <Spin style={{ display: "block", margin: 24 }} />
      ) : tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("folders.empty")} />
      ) : (
        <div style={{ maxHeight: "calc(100vh - 260px)", overflow: "auto" }}>
          <Button type={selected === null ? "link" : "text"} size="small" onClick={() => onSelect(null)} style={{ paddingLeft: 4 }}>
            {t("folders.all")}
          </Button>
          <Tree
            blockNode
            defaultExpandAll
            aria-label={t("folders.title")}
            treeData={toNodes(tree)}
            selectedKeys={selected === null ? [] : [selected]}
            onSelect={(keys) => onSelect(keys.length ? find(tree, Number(keys[0])) : null)}
          />
        </div>
      )}
      <Modal
        open={editing !== null}
        title={editing?.mode === "rename" ? t("folders.rename") : editing?.parentId ? t("folders.addChild") : t("folders.addRoot")}
        okText={t("actions.save")}
        cancelText={t("actions.cancel")}
        confirmLoading={saving}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
        forceRender
      >
        {staleSave.stale && <StaleRecordAlert onReload={() => void staleSave.reload(reloadRenamed)} reloading={staleSave.reloading} />}
        <Form form={form} name="folderForm" layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="folderName"
            label={t("folders.name")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }, { max: 100 }]}
          >
            <Input autoFocus maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
