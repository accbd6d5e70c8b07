// The bell's drawer (issue 23): the person's notifications, newest first, 20 at a time with "more";
// each says what happened, when, and leads to its record (marked read on the way); "mark all
// read" for the rest. News arriving while it is open comes in at the top. Read marks are the
// server's, so they hold on every device.
import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Drawer, Empty, List, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../../api/ClientProvider";
import { useLiveEvents } from "../../live/LiveProvider";
import { useNavigateOnce } from "../../navigation/useNavigateOnce";
import { fetchNotifications, markAllRead, markRead, type Notification } from "./api";
import { askPrivacyAgain, notificationTarget, notificationText } from "./notificationText";
import styles from "./notifications.module.css";

interface Props {
  open: boolean;
  onClose: () => void;
  /** Asks the bell for the unread count again. */
  onCountChanged: () => void;
}

export default function NotificationDrawer({ open, onClose, onCountChanged }: Props) {
  const { t } = useTranslation("notifications");
  const client = usePortalClient();
  const navigate = useNavigateOnce();
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);

  const load = useCallback(
    async (wanted: number) => {
      setLoading(true);
      setFailed(false);
      try {
        const data = await fetchNotifications(client, wanted);
        setItems((shown) => (wanted === 1 ? data.records : [...shown, ...data.records.filter((r) => !shown.some((s) => s.id === r.id))]));
        setTotal(data.total);
        setPage(wanted);
      } catch {
        setFailed(true); // the client's toast said why; the drawer offers to try again
      } finally {
        setLoading(false);
      }
    },
    [client],
  );

  // Read afresh each time it opens: marks made on another device show.
  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);

  useLiveEvents((event) => {
    if (!open) return;
    if (event.type === "notification") {
      const n = event.notification;
      setItems((shown) => (shown.some((s) => s.id === n.id) ? shown : [{ ...n, record: n.record ?? { type: "user", id: null }, readAt: null } as Notification, ...shown]));
      setTotal((count) => count + 1);
    } else if (event.type === "resync") void load(1);
  });

  const follow = async (n: Notification) => {
    if (!n.readAt) {
      setItems((shown) => shown.map((s) => (s.id === n.id ? { ...s, readAt: "now" } : s)));
      markRead(client, n.id)
        .catch(() => undefined)
        .finally(onCountChanged);
    }
    const target = notificationTarget(n);
    if (!target) return;
    onClose();
    if ("privacy" in target) askPrivacyAgain();
    else navigate(target.path);
  };

  const readAll = async () => {
    setMarking(true);
    try {
      await markAllRead(client);
      setItems((shown) => shown.map((s) => (s.readAt ? s : { ...s, readAt: "now" })));
      onCountChanged();
    } catch {
      // the toast said why; nothing changed
    } finally {
      setMarking(false);
    }
  };

  const unreadShown = items.some((n) => !n.readAt);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("drawer.title")}
      width={420}
      data-testid="notifications-drawer"
      extra={
        <Button size="small" onClick={() => void readAll()} loading={marking} disabled={!unreadShown} data-testid="notifications-read-all">
          {t("drawer.readAll")}
        </Button>
      }
    >
      {failed && items.length === 0 ? (
        <Alert
          type="error"
          showIcon
          message={t("drawer.failed")}
          action={
            <Button size="small" onClick={() => void load(1)}>
              {t("drawer.retry")}
            </Button>
          }
        />
      ) : loading && items.length === 0 ? (
        <div className={styles.loading}>
          <Spin tip={t("drawer.loading")}>
            <div />
          </Spin>
        </div>
      ) : items.length === 0 ? (
        <Empty description={t("drawer.empty")} />
      ) : (
        <List
          dataSource={items}
          rowKey="id"
          data-testid="notifications-list"
          renderItem={(n) => (
            <List.Item className={n.readAt ? styles.item : `${styles.item} ${styles.unread}`} data-testid="notification-item" data-read={n.readAt ? "1" : "0"}>
              <button type="button" className={styles.itemButton} onClick={() => void follow(n)}>
                {!n.readAt && <span className={styles.dot} aria-label={t("drawer.unread")} role="img" />}
                <span className={styles.text}>{notificationText(t, n)}</span>
                <Typography.Text type="secondary" className={styles.time}>
                  <time dateTime={n.createdAt.replace(" ", "T")}>{n.createdAt.slice(0, 16)}</time>
                </Typography.Text>
              </button>
            </List.Item>
          )}
          loadMore={
            items.length < total ? (
              <div className={styles.more}>
                <Button onClick={() => void load(page + 1)} loading={loading} data-testid="notifications-more">
                  {t("drawer.more")}
                </Button>
              </div>
            ) : null
          }
        />
      )}
    </Drawer>
  );
}
