import { ReadOutlined } from "@ant-design/icons";
import { Space, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { defineAdminResource } from "../crud";
import type { CampaignSummary } from "../compliance/api";
import { CAMPAIGN_ROUTE } from "../compliance/api";
import { CampaignCreate } from "../compliance/CampaignCreate";
import { CampaignShow } from "../compliance/CampaignShow";
import { FiguresCell } from "../compliance/Figures";
import { usePublishedPolicyOptions } from "../compliance/usePublishedPolicyOptions";

/** Open or closed, and "superseded" when the policy has a newer published version. */
function StatusCell({ record }: { record: CampaignSummary }) {
  const { t } = useTranslation("adminCompliance");
  return (
    <Space size={4} wrap>
      <Tag color={record.status === 1 ? "green" : "default"}>{t(record.status === 1 ? "status.open" : "status.closed")}</Tag>
      {record.superseded && <Tag color="orange">{t("status.superseded")}</Tag>}
    </Space>
  );
}

/**
 * Read-and-acknowledge campaigns (issue 24), in the policy group: newest first with their figures;
 * a row opens its progress (people, departments, remind, export, close, restart). Started from
 * the create form (button compliance:campaign:add); the show page's actions need compliance:campaign:edit.
 */
export default defineAdminResource<CampaignSummary>({
  name: "campaign",
  route: CAMPAIGN_ROUTE,
  parent: "policy",
  label: "adminCompliance:menu.campaign",
  icon: <ReadOutlined />,
  ns: "adminCompliance",
  order: 4,
  fields: [
    { name: "title", label: "fields.title", list: { width: 220, ellipsis: true }, filter: { width: 200 } },
    {
      name: "policyId",
      label: "fields.policy",
      optionsQuery: usePublishedPolicyOptions,
      list: { width: 220, render: (_, r) => `${r.policyTitle} (${r.versionNumber})` },
      filter: { width: 220 },
    },
    { name: "dueDate", label: "fields.dueDate", list: { width: 120 } },
    {
      name: "signatureRequired",
      label: "fields.signatureRequired",
      list: { width: 110, render: (v: boolean, r) => <SignatureTag record={r} value={v} /> },
    },
    {
      name: "status",
      label: "fields.status",
      kind: "select",
      options: [
        { value: 1, label: "status.open" },
        { value: 0, label: "status.closed" },
      ],
      list: { width: 150, render: (_, r) => <StatusCell record={r} /> },
      filter: { width: 140 },
    },
    { name: "done", label: "fields.progress", list: { width: 260, render: (_, r) => <FiguresCell figures={r} /> } },
    { name: "createdBy", label: "fields.createdBy", list: { width: 140 } },
    { name: "createdAt", label: "fields.createdAt", kind: "datetime", list: true },
  ],
  actions: { create: true },
  pages: { create: CampaignCreate, show: CampaignShow },
  texts: { title: "titles.list", total: "pagination.total", empty: "empty", nameField: "title" },
});

function SignatureTag({ value }: { record: CampaignSummary; value: boolean }) {
  const { t } = useTranslation("adminCompliance");
  return value ? <Tag color="purple">{t("signature.yes")}</Tag> : <span>{t("signature.no")}</span>;
}
