// Create or edit a policy (spec 3 policy item, spec 5 rules): title, keyword (unique, the server
// says "Keyword existed, please input a new one"), folder (a saved one), tags (at most 8),
// visibility, review flag, version number (spec 9 helper), creating department and creator,
// attachments and the rich-text content. "Save as draft" stores status 0, "Submit" status 1.
import { useEffect, useState } from "react";
import { Button, Col, Form, Input, Modal, Radio, Row, Select, Spin, Upload, type UploadFile } from "antd";
import { InFormSelect, InFormTreeSelect } from "../../shared/InFormSelect";
import { UploadOutlined } from "@ant-design/icons";
import { useCreate, useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { unwrap } from "../../api/client";
import { toast } from "../../api/toast";
import { StaleRecordAlert, useStaleRecord } from "../crud";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import {
  POLICY, listDeptUsers, listDepts, listLabels, uploadAttachment, type BscFolder, type BscPolicyInput, type Dept, type DeptUser, type LabelBrief,
} from "./api";
import { RichTextEditor } from "./RichTextEditor";
import { expandVersionNumber } from "../../../common/versionNumber";
import { usePortalClient } from "../../api/ClientProvider";

const MAX_TAGS = 8;
const ATTACHMENT_MAX_BYTES = 30 * 1024 * 1024;

interface Props {
  open: boolean;
  /** The policy edited, or null to create one. */
  policyId: number | null;
  /** The folder a new policy goes into. */
  folderId: number | null;
  folders: BscFolder[];
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<BscPolicyInput, "status" | "attachmentIds">;

type FolderNode = { value: number; title: string; children: FolderNode[] };
const folderNodes = (tree: BscFolder[]): FolderNode[] =>
  tree.map((f) => ({ value: f.id, title: f.folderName, children: folderNodes(f.children) }));

export function PolicyFormModal({ open, policyId, folderId, folders, onClose, onSaved }: Props) {
  const client = usePortalClient();
  const { t, i18n } = useTranslation(["adminPolicy", "admin"]);
  const [form] = Form.useForm<Values>();
  const operateSuccess = useOperateSuccess();
  const { mutateAsync, mutation } = useCreate();
  const { data: me } = useGetIdentity<{ id: number }>();
  const [loading, setLoading] = useState(false);
  const [labels, setLabels] = useState<LabelBrief[]>([]);
  const [depts, setDepts] = useState<Dept[]>([]);
  const [users, setUsers] = useState<DeptUser[]>([]);
  const [attachments, setAttachments] = useState<UploadFile[]>([]);
  // The version of the policy as loaded: the save sends it back, and a save refused because someone
  // else changed the policy since offers to load it again (issue 20).
  const [version, setVersion] = useState<number | undefined>();
  const staleSave = useStaleRecord();
  const deptId = Form.useWatch("deptId", form);

  useEffect(() => {
    if (!open) return;
    void listLabels(client).then(setLabels, () => setLabels([]));
    void listDepts(client).then(setDepts, () => setDepts([]));
  }, [client, open]);

  useEffect(() => {
    if (!deptId) return setUsers([]);
    let live = true;
    void listDeptUsers(client, deptId).then((list) => live && setUsers(list), () => live && setUsers([]));
    return () => {
      live = false;
    };
  }, [client, deptId]);

  /** Fills the form with the policy as stored now. */
  const load = (id: number) => {
    setLoading(true);
    return unwrap(client.GET("/bscPolicy/getById", { params: { query: { id } } }))
      .then((p) => {
        form.resetFields();
        setVersion(p.version);
        form.setFieldsValue({
          title: p.title,
          keyword: p.keyword,
          folderId: p.folderId,
          labelIds: p.labelIds,
          visibility: p.visibility,
          reviewFlag: p.reviewFlag,
          versionNumber: p.versionNumber,
          deptId: p.deptId ?? undefined,
          creator: p.creator ?? undefined,
          content: p.content,
        });
        setAttachments(p.attachments.map((a) => ({ uid: String(a.id), name: a.fileName, status: "done", response: a })));
      })
      .finally(() => setLoading(false));
  };

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setAttachments([]);
    setVersion(undefined);
    staleSave.clear();
    if (policyId === null) {
      form.setFieldsValue({ folderId: folderId ?? undefined, visibility: 1, reviewFlag: 0, versionNumber: "1.0.0", labelIds: [], creator: me?.id });
      return;
    }
    load(policyId).catch(onClose);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, policyId]);

  const save = async (status: 0 | 1) => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      toast(t("validation.fillAll"), "warning"); // spec 5: "Please fill all required information"
      return;
    }
    if (attachments.some((f) => f.status === "uploading")) return;
    const attachmentIds = attachments.filter((f) => f.status === "done").map((f) => (f.response as { id: number }).id);
    try {
      await mutateAsync({
        resource: POLICY,
        values: { ...values, ...(policyId === null ? {} : { id: policyId, version }), status, attachmentIds },
        successNotification: operateSuccess,
        errorNotification: staleSave.errorNotification,
      });
      onSaved();
    } catch (error) {
      // A stale save shows the reload offer; refine's error notification gave any other reason (a taken keyword).
      staleSave.caught(error);
    }
  };

  const en = i18n.language === "en";
  return (
    <Modal
      open={open}
      title={policyId === null ? t("form.createTitle") : t("form.editTitle")}
      width={960}
      style={{ top: 24 }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t("actions.cancel")}
        </Button>,
        <Button key="draft" loading={mutation.isPending} onClick={() => void save(0)}>
          {t("form.saveDraft")}
        </Button>,
        <Button key="submit" type="primary" loading={mutation.isPending} onClick={() => void save(1)}>
          {t("form.submit")}
        </Button>,
      ]}
    >
      {staleSave.stale && policyId !== null && <StaleRecordAlert onReload={() => void staleSave.reload(() => load(policyId))} reloading={staleSave.reloading} />}
      <Spin spinning={loading}>
        <Form form={form} name="policyForm" layout="vertical" requiredMark preserve={false} style={{ maxHeight: "calc(100vh - 220px)", overflow: "auto", paddingRight: 8 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="title" label={t("fields.title")} rules={[{ required: true, whitespace: true, message: t("validation.required") }, { max: 200 }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="keyword" label={t("fields.keyword")} rules={[{ required: true, whitespace: true, message: t("validation.required") }, { max: 50 }]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="folderId" label={t("fields.folder")} rules={[{ required: true, message: t("validation.required") }]}>
                <InFormTreeSelect treeData={folderNodes(folders)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="labelIds" label={t("fields.labels")} extra={t("form.tagsHint", { max: MAX_TAGS })}>
                <Select
                  mode="multiple"
                  maxCount={MAX_TAGS}
                  allowClear
                  optionFilterProp="label"
                  options={labels.map((l) => ({ value: l.id, label: en ? l.labelEnName : l.labelName }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="visibility" label={t("fields.visibility")}>
                <Radio.Group
                  options={[
                    { value: 1, label: t("visibility.1") },
                    { value: 0, label: t("visibility.0") },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="reviewFlag" label={t("fields.reviewFlag")}>
                <Radio.Group
                  options={[
                    { value: 1, label: t("yesNo.1") },
                    { value: 0, label: t("yesNo.0") },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="versionNumber"
                label={t("fields.versionNumber")}
                extra={t("form.versionHint")}
                rules={[{ validator: (_, v?: string) => (!v || expandVersionNumber(v) ? Promise.resolve() : Promise.reject(new Error(t("validation.version")))) }]}
              >
                <Input
                  maxLength={11}
                  placeholder="1.0.0"
                  onBlur={(e) => {
                    const full = expandVersionNumber(e.target.value);
                    if (full) form.setFieldValue("versionNumber", full);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="deptId" label={t("fields.dept")} rules={[{ required: true, message: t("validation.required") }]}>
                <InFormSelect
                  showSearch
                  optionFilterProp="label"
                  options={depts.map((d) => ({ value: d.id, label: d.deptName }))}
                  onChange={() => form.setFieldValue("creator", undefined)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="creator" label={t("fields.creator")} rules={[{ required: true, message: t("validation.required") }]}>
                <InFormSelect
                  showSearch
                  optionFilterProp="label"
                  notFoundContent={deptId ? undefined : t("form.chooseDeptFirst")}
                  options={[
                    ...users.map((u) => ({ value: u.id, label: `${u.realName ?? u.userName} (${u.userName})` })),
                    ...(me && !users.some((u) => u.id === me.id) ? [{ value: me.id, label: t("form.me") }] : []),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t("fields.attachments")}>
                <Upload
                  multiple
                  fileList={attachments}
                  customRequest={({ file, onSuccess, onError }) => {
                    uploadAttachment(client, file as File).then((res) => onSuccess?.(res), (e: Error) => onError?.(e));
                  }}
                  beforeUpload={(file) => {
                    if (file.size > ATTACHMENT_MAX_BYTES) {
                      toast(t("form.attachmentTooLarge"), "error");
                      return Upload.LIST_IGNORE;
                    }
                    return true;
                  }}
                  onChange={({ fileList }) => setAttachments(fileList.filter((f) => f.status !== "error"))}
                >
                  <Button icon={<UploadOutlined />}>{t("form.addAttachment")}</Button>
                </Upload>
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="content"
                label={t("fields.content")}
                rules={[{ required: true, message: t("validation.required") }]}
                getValueFromEvent={(html: string) => html}
              >
                <RichTextEditor />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
