import { SafetyCertificateOutlined } from "@ant-design/icons";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { defineAdminResource } from "../crud";
import { PolicyPreviewButton } from "../privacy/PolicyPreviewButton";
import { PublishPolicy, RefreshPolicies } from "../privacy/PrivacyHeaderActions";
import type { PrivacyPolicyVersion } from "../privacy/types";

/** The version, the current one marked. */
function VersionCell({ record }: { record: PrivacyPolicyVersion }) {
  const { t } = useTranslation("adminModeration");
  return (
    <Space size={4}>
      <Typography.Text strong>{record.policyVersion}</Typography.Text>
      {record.current && <Tag color="blue">{t("privacy.current")}</Tag>}
    </Space>
  );
}

/**
 * The published privacy-policy versions, newest first (spec 2.3 /privacyPolicyList, 7.1
 * bscPrivacyPolicy/page): version (the current one marked), a content preview with the full text
 * in a dialog, how many users accepted each version, when it was published. "Publish new version"
 * (privacyPolicyList:add) opens /privacyPolicyAdd, the hand-built editor.
 */
export default defineAdminResource<PrivacyPolicyVersion>({
  name: "privacyPolicyList",
  route: "/privacyPolicyList",
  parent: "policy",
  label: "menu.privacyPolicyList",
  icon: <SafetyCertificateOutlined />,
  ns: "adminModeration",
  order: 2,
  fields: [
    {
      name: "policyVersion",
      label: "privacy.fields.policyVersion",
      list: { width: 170, render: (_, r) => <VersionCell record={r} /> },
      filter: { operator: "eq", width: 140, placeholder: "privacy.versionPlaceholder" },
    },
    {
      name: "policyContent",
      label: "privacy.fields.policyContent",
      list: {
        width: 440,
        render: (text: string) => (
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {text}
          </Typography.Paragraph>
        ),
      },
    },
    {
      name: "acceptedCount",
      label: "privacy.fields.acceptedCount",
      kind: "number",
      list: { sorter: true, width: 130, render: (n: number) => <span data-testid="accepted-count">{n}</span> },
    },
    { name: "createTime", label: "privacy.fields.createTime", kind: "datetime", list: { sorter: true }, filter: { range: ["startDate", "endDate"] } },
    { name: "current", label: "privacy.current", export: true, text: (current: boolean, _, t) => t(current ? "adminModeration:privacy.yes" : "adminModeration:privacy.no") },
  ],
  actions: { export: true },
  rowActions: [PolicyPreviewButton],
  headerActions: [RefreshPolicies, PublishPolicy],
  texts: { title: "privacy.title", empty: "common.empty", nameField: "policyVersion" },
});
