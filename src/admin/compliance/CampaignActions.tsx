// The show page's buttons (issue 24): Remind the people not done (confirm, then "N reminded"),
// Export the people and figures (the server's workbook), Close (a reason), and Restart for the
// policy's new version (a reason; only when the campaign's version is superseded). Remind, Close
// and Restart need the button compliance:campaign:edit and are hidden without it (spec 6); Export
// is what the page shows, offered with the menu.
import { useState } from "react";
import { App, Button, Space } from "antd";
import { BellOutlined, DownloadOutlined, RedoOutlined, StopOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../../api/ClientProvider";
import { HasPermission } from "../../shared/Permission";
import { CAMPAIGN_EDIT, closeCampaign, exportCampaign, remindCampaign, restartCampaign, type Campaign } from "./api";
import { ReasonDialog } from "./ReasonDialog";

export interface CampaignActionsProps {
  campaign: Campaign;
  /** People not done yet (pending and overdue): who a reminder goes to. */
  notDone: number;
  /** The campaign changed (closed, restarted, reminded): read it again. */
  onChanged: () => void;
}

export function CampaignActions({ campaign, notDone, onChanged }: CampaignActionsProps) {
  const { t } = useTranslation("adminCompliance");
  const client = usePortalClient();
  const { modal, message } = App.useApp();
  const [dialog, setDialog] = useState<"close" | "restart" | null>(null);
  const [exporting, setExporting] = useState(false);
  const open = campaign.status === 1;

  const remind = () =>
    modal.confirm({
      title: t("remind.confirmTitle"),
      content: t("remind.confirmContent", { count: notDone }),
      okText: t("remind.ok"),
      cancelText: t("actions.cancel"),
      onOk: async () => {
        try {
          const { reminded } = await remindCampaign(campaign.id, client);
          void message.success(t("remind.done", { count: reminded }));
          onChanged();
        } catch {
          // the toast said why
        }
      },
    });

  const download = async () => {
    setExporting(true);
    try {
      await exportCampaign(campaign, client);
    } catch {
      // the toast said why
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space wrap>
      {open && (
        <HasPermission keys={CAMPAIGN_EDIT}>
          <Button icon={<BellOutlined />} onClick={remind} disabled={notDone === 0}>
            {t("remind.button")}
          </Button>
        </HasPermission>
      )}
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
        {t("actions.export")}
      </Button>
      {open && (
        <HasPermission keys={CAMPAIGN_EDIT}>
          <Button danger icon={<StopOutlined />} onClick={() => setDialog("close")}>
            {t("close.button")}
          </Button>
        </HasPermission>
      )}
      {campaign.superseded && (
        <HasPermission keys={CAMPAIGN_EDIT}>
          <Button type="primary" icon={<RedoOutlined />} onClick={() => setDialog("restart")}>
            {t("restart.button")}
          </Button>
        </HasPermission>
      )}
      <ReasonDialog
        open={dialog === "close"}
        title={t("close.title", { title: campaign.title })}
        consequence={t("close.consequence")}
        okText={t("close.ok")}
        danger
        onConfirm={async (reason) => {
          await closeCampaign(campaign, reason, client);
          onChanged();
        }}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === "restart"}
        title={t("restart.title", { title: campaign.title })}
        consequence={t("restart.consequence", { policy: campaign.policyTitle, version: campaign.versionNumber })}
        okText={t("restart.ok")}
        onConfirm={async (reason) => {
          await restartCampaign(campaign, reason, client);
          onChanged();
        }}
        onClose={() => setDialog(null)}
      />
    </Space>
  );
}
