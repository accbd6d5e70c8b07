// /main/compliance/campaign/create: the create form in refine's page frame; a started campaign
// opens its progress page.
import { useState } from "react";
import { useNotification } from "@refinedev/core";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { usePortalClient } from "../../api/ClientProvider";
import { Create } from "../crud/pages";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { campaignShowPath, createCampaign, type CampaignCreate as CreateBody } from "./api";
import { CampaignForm, type CampaignFormValues } from "./CampaignForm";

export function CampaignCreate() {
  const { t } = useTranslation("adminCompliance");
  const client = usePortalClient();
  const navigate = useNavigate();
  const { open } = useNotification();
  const operateSuccess = useOperateSuccess();
  const [form] = Form.useForm<CampaignFormValues>();
  const [saving, setSaving] = useState(false);

  const start = async (body: CreateBody) => {
    setSaving(true);
    try {
      const id = await createCampaign(body, client);
      open?.(operateSuccess());
      navigate(campaignShowPath(id));
    } catch {
      // the toast said why (a field error names its field)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Create title={t("titles.create")} resource="campaign" saveButtonProps={{ onClick: () => form.submit(), loading: saving, children: t("form.start") }}>
      <CampaignForm form={form} onFinish={(body) => void start(body)} />
    </Create>
  );
}
