// /esignSettings (issue 24): which admin actions need an electronic signature, and the meaning the
// signature states - one card per action, a switch and a meaning. A change is saved at once (it is
// in the audit trail) and holds for the next action. Without esignSettings:edit the page only shows.
import { useCan } from "@refinedev/core";
import { App, Card, Select, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import type { EsignSetting } from "./useEsignSetting";

const MEANINGS: EsignSetting["meaning"][] = ["approved", "reviewed", "readUnderstood"];

export function EsignSettings() {
  const { t } = useTranslation("adminEsign");
  const { t: te } = useTranslation("esign");
  const { message } = App.useApp();
  const api = usePortalApi();
  const query = api.useQuery("get", "/esign/settings");
  const save = api.useMutation("put", "/esign/settings");
  const { data: can } = useCan({ resource: "esignSettings", action: "edit" });
  const editable = can?.can === true;

  const change = (setting: EsignSetting) =>
    save.mutateAsync({ body: setting }).then(
      () => {
        void message.success(t("saved"));
        return query.refetch();
      },
      () => undefined, // the request layer showed why
    );

  return (
    <Space direction="vertical" size="middle" style={{ display: "flex", maxWidth: 720 }}>
      <Typography.Title level={4}>{t("title")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {(query.data?.data ?? []).map((s) => (
        <Card key={s.action} title={t(`actions.${s.action}.title`)} size="small" data-action={s.action} loading={query.isLoading}>
          <Typography.Paragraph type="secondary">{t(`actions.${s.action}.help`)}</Typography.Paragraph>
          <Space wrap size="large">
            <Space>
              <Switch
                checked={s.required}
                disabled={!editable || save.isPending}
                onChange={(required) => void change({ ...s, required })}
                aria-label={t("required", { action: t(`actions.${s.action}.title`) })}
              />
              <span>{t("requiredLabel")}</span>
            </Space>
            <Space>
              <span id={`esign-meaning-${s.action}`}>{t("meaning")}</span>
              <Select
                aria-labelledby={`esign-meaning-${s.action}`}
                value={s.meaning}
                disabled={!editable || save.isPending}
                style={{ minWidth: 200 }}
                options={MEANINGS.map((m) => ({ value: m, label: te(`meaning.${m}`) }))}
                onChange={(meaning) => void change({ ...s, meaning })}
              />
            </Space>
          </Space>
        </Card>
      ))}
    </Space>
  );
}
