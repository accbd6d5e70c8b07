// The personal centre's choice of notifications (issue 23): one switch per kind, saved at once on
// the server (so it holds on every device and for the stream: a kind turned off is not written for
// the person at all). A failed save puts the switch back and says why (the client's toast).
import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, List, Skeleton, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";

import type { components } from "../api/schema";
import { usePortalClient } from "../api/ClientProvider";
import { unwrap } from "../api/client";
import { toast } from "../api/toast";

type Kinds = components["schemas"]["NotificationPreference"]["kinds"];
type Kind = Kinds[number]["kind"];

export function NotificationPreferences() {
  const { t } = useTranslation("notifications");
  const client = usePortalClient();
  const [kinds, setKinds] = useState<Kinds | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<Kind | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    unwrap(client.GET("/notification/preference"))
      .then((data) => setKinds(data.kinds))
      .catch(() => setFailed(true));
  }, [client]);
  useEffect(load, [load]);

  const change = async (kind: Kind, enabled: boolean) => {
    const before = kinds;
    setSaving(kind);
    setKinds((shown) => shown && shown.map((k) => (k.kind === kind ? { ...k, enabled } : k)));
    try {
      const saved = await unwrap(client.PUT("/notification/preference", { body: { kinds: [{ kind, enabled }] } }));
      setKinds(saved.kinds);
      toast(t("preferences.saved"), "success");
    } catch {
      setKinds(before); // the toast said why; the switch shows what is stored
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card title={t("preferences.title")} data-testid="notification-preferences" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t("preferences.intro")}</Typography.Paragraph>
      {failed ? (
        <Alert
          type="error"
          showIcon
          message={t("preferences.failed")}
          action={
            <Button size="small" onClick={load}>
              {t("preferences.retry")}
            </Button>
          }
        />
      ) : !kinds ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <List
          dataSource={kinds}
          rowKey="kind"
          renderItem={({ kind, enabled }) => {
            const label = t(`preferences.kinds.${kind}`);
            return (
              <List.Item
                extra={
                  <Switch
                    checked={enabled}
                    loading={saving === kind}
                    disabled={saving !== null}
                    onChange={(on) => void change(kind, on)}
                    aria-label={label}
                    data-testid={`notification-kind-${kind}`}
                  />
                }
              >
                {label}
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
