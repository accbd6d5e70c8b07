// One calendar entry's details (spec 3): name, time, meeting room, organizer and its link, which
// opens in a new tab (http(s) addresses only).
import { Button, Descriptions, Modal } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { safeHref } from "../../shared/links";
import { dash } from "../widgets/tasks";
import type { CalendarEntry } from "./schedule";

/** "YYYY-MM-DD HH:mm – HH:mm" on one day, both dates when it spans days. */
export function fullTimeRange(entry: Pick<CalendarEntry, "calendarStartTime" | "calendarEndTime">): string {
  const start = entry.calendarStartTime.slice(0, 16);
  const end = entry.calendarEndTime.slice(0, 16);
  return start.slice(0, 10) === end.slice(0, 10) ? `${start} – ${end.slice(11)}` : `${start} – ${end}`;
}

export function EntryDetails({ entry, onClose }: { entry: CalendarEntry | null; onClose: () => void }) {
  const { t } = useTranslation("schedule");
  const href = entry ? safeHref(entry.calendarUrl) : null;
  return (
    <Modal
      open={entry !== null}
      title={t("details.title")}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t("details.close")}</Button>}
    >
      {entry && (
        <Descriptions column={1} bordered size="small" data-testid="schedule-entry-details">
          <Descriptions.Item label={t("details.name")}>{entry.calendarName}</Descriptions.Item>
          <Descriptions.Item label={t("details.time")}>{fullTimeRange(entry)}</Descriptions.Item>
          <Descriptions.Item label={t("details.meeting")}>{dash(entry.calendarMeeting)}</Descriptions.Item>
          <Descriptions.Item label={t("details.organizer")}>{dash(entry.calendarOrganizer)}</Descriptions.Item>
          <Descriptions.Item label={t("details.link")}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t("details.opensInNewTab", { name: entry.calendarName })}>
                <ExportOutlined /> {t("details.open")}
              </a>
            ) : (
              t("details.noLink")
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
