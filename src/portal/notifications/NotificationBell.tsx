// The bell of the top bar (issue 23): the unread count as a badge (capped like the task badge),
// kept current by the live stream (or the 60 s poll), and the drawer of notifications. The count is
// told to screen readers politely and only when news arrives, not on every change (a read, a
// reload); the button's name always carries it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Badge, Button, Tooltip } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../../api/ClientProvider";
import { useLiveEvents } from "../../live/LiveProvider";
import { retryingImport } from "../../shared/lazyRetry";
import { VisuallyHidden } from "../../shared/VisuallyHidden";
import { badgeText } from "../widgets/tasks";
import { fetchUnreadCount } from "./api";
import styles from "../portal.module.css";

// The drawer (a list, antd's Drawer) loads on the first click, not with the top bar.
const NotificationDrawer = lazy(retryingImport(() => import("./NotificationDrawer")));

/** How long news waits before it is announced, so a burst is told once. */
const ANNOUNCE_AFTER_MS = 1_500;

export function NotificationBell() {
  const { t } = useTranslation("notifications");
  const client = usePortalClient();
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const announceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useRef(0);

  const refresh = useCallback(async (): Promise<number | null> => {
    const mine = ++generation.current;
    try {
      const count = await fetchUnreadCount(client);
      if (mine === generation.current) setUnread(count);
      return count;
    } catch {
      return null; // quiet: the badge keeps its last figure
    }
  }, [client]);

  useEffect(() => {
    void refresh();
    return () => clearTimeout(announceTimer.current);
  }, [refresh]);

  useLiveEvents((event) => {
    if (event.type === "notification") {
      setUnread((n) => (n ?? 0) + 1); // at once; the server's figure follows
      void refresh().then((count) => {
        if (count === null) return;
        clearTimeout(announceTimer.current);
        announceTimer.current = setTimeout(() => setAnnouncement(t("bell.announce", { count })), ANNOUNCE_AFTER_MS);
      });
    } else if (event.type === "resync") void refresh();
  });

  const badge = badgeText(unread);
  const label = unread ? t("bell.labelUnread", { count: unread }) : t("bell.label");
  return (
    <>
      <Tooltip title={label}>
        <Button
          type="text"
          className={styles.headerIcon}
          data-testid="header-notifications"
          data-unread={unread ?? ""}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          icon={
            <Badge count={badge} size="small" offset={[4, -2]} data-testid="notifications-badge">
              <BellOutlined className={styles.bellIcon} />
            </Badge>
          }
        />
      </Tooltip>
      <VisuallyHidden>
        <span role="status" aria-live="polite" data-testid="notifications-announcement">
          {announcement}
        </span>
      </VisuallyHidden>
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} onCountChanged={refresh} />
        </Suspense>
      )}
    </>
  );
}
