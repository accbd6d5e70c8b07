// /privacyPolicyList: the published privacy-policy versions, newest first, paged on the server
// (spec 2.3, 3, 7.1 bscPrivacyPolicy/page): version (the current one marked), a content preview
// with the full text in a dialog, how many users accepted each version, and when it was published.
// "Publish new version" (privacyPolicyList:add) opens /privacyPolicyAdd.
import { List } from "@refinedev/antd";
import { CanAccess, useInvalidate, type CrudFilters } from "@refinedev/core";
import { getDefaultSortOrder } from "@refinedev/antd";
import { Button, DatePicker, Form, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { ExportButton } from "../crud";
import { useAdminTable } from "../useAdminTable";
import { PRIVACY, PRIVACY_ADD_PATH, type PrivacyPolicyVersion } from "./types";

type Search = { policyVersion?: string; dates?: [Dayjs | null, Dayjs | null] | null };

const toFilters = ({ policyVersion, dates }: Search): CrudFilters => [
  { field: "policyVersion", operator: "eq", value: policyVersion },
  { field: "startDate", operator: "eq", value: dates?.[0]?.format("YYYY-MM-DD") },
  { field: "endDate", operator: "eq", value: dates?.[1]?.format("YYYY-MM-DD") },
];

export function PrivacyPolicyList() {
  const { t } = useTranslation(["adminModeration", "admin"]);
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [preview, setPreview] = useState<PrivacyPolicyVersion | null>(null);
  const { tableProps, searchFormProps, sorters, filters } = useAdminTable<PrivacyPolicyVersion, Search>(PRIVACY, "crud", toFilters);
  const sortable = (field: string) => ({ key: field, dataIndex: field, sorter: true, sortOrder: getDefaultSortOrder(field, sorters) ?? null });

  const columns: TableColumnsType<PrivacyPolicyVersion> = [
    {
      key: "policyVersion",
      dataIndex: "policyVersion",
      title: t("privacy.fields.policyVersion"),
      render: (v: string, r) => (
        <Space size={4}>
          <Typography.Text strong>{v}</Typography.Text>
          {r.current && <Tag color="blue">{t("privacy.current")}</Tag>}
        </Space>
      ),
    },
    {
      key: "policyContent",
      dataIndex: "policyContent",
      title: t("privacy.fields.policyContent"),
      render: (text: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 420 }}>
          {text}
        </Typography.Paragraph>
      ),
    },
    { ...sortable("acceptedCount"), title: t("privacy.fields.acceptedCount"), render: (n: number) => <span data-testid="accepted-count">{n}</span> },
    { ...sortable("createTime"), title: t("privacy.fields.createTime") },
    {
      key: "actions",
      title: t("common.actions"),
      fixed: "right",
      render: (_, r) => (
        <Button size="small" onClick={() => setPreview(r)} aria-label={t("privacy.viewOf", { version: r.policyVersion })}>
          {t("privacy.view")}
        </Button>
      ),
    },
  ];

  const reset = () => {
    searchFormProps.form?.resetFields();
    searchFormProps.form?.submit();
  };

  return (
    <List
      title={t("privacy.title")}
      headerButtons={() => (
        <Space wrap>
          {/* After publishing, the list answers only once the new version is accepted: read it again. */}
          <Button icon={<ReloadOutlined />} onClick={() => invalidate({ resource: PRIVACY, invalidates: ["list"] })}>
            {t("common.refresh")}
          </Button>
          <ExportButton
            resource={PRIVACY}
            filters={filters}
            sorters={sorters}
            fileName={t("privacy.title")}
            columns={[
              { key: "policyVersion", title: t("privacy.fields.policyVersion") },
              { key: "acceptedCount", title: t("privacy.fields.acceptedCount") },
              { key: "createTime", title: t("privacy.fields.createTime") },
              { key: "current", title: t("privacy.current"), text: (r) => (r.current ? t("privacy.yes") : t("privacy.no")) },
              { key: "policyContent", title: t("privacy.fields.policyContent") },
            ]}
          />
          <CanAccess resource={PRIVACY} action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PRIVACY_ADD_PATH)}>
              {t("privacy.publish")}
            </Button>
          </CanAccess>
        </Space>
      )}
    >
      <Form {...searchFormProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="policyVersion" label={t("privacy.fields.policyVersion")}>
          <Input allowClear style={{ width: 140 }} placeholder="1.0.0" />
        </Form.Item>
        <Form.Item name="dates" label={t("privacy.fields.createTime")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t("common.search")}
          </Button>
          <Button onClick={reset}>{t("common.reset")}</Button>
        </Space>
      </Form>
      <Table<PrivacyPolicyVersion> {...tableProps} rowKey="id" columns={columns} scroll={{ x: "max-content" }} locale={{ emptyText: t("common.empty") }} />
      <Modal
        open={preview !== null}
        title={t("privacy.previewTitle", { version: preview?.policyVersion ?? "" })}
        onCancel={() => setPreview(null)}
        footer={<Button onClick={() => setPreview(null)}>{t("common.close")}</Button>}
        width={720}
      >
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", maxHeight: "60vh", overflow: "auto" }}>{preview?.policyContent}</Typography.Paragraph>
      </Modal>
    </List>
  );
}
