// My schedule (calendar_model, spec 2.7, 7.1, 8, 9): a week strip and the chosen day's entries,
// refreshed every minute. An answer for a day no longer chosen, or more than 30 s late, is dropped.
import { useCallback, useEffect, useRef, useState } from "react";
import { theme } from "antd";
import { useTranslation } from "react-i18next";

import { fetchCalendarDay, type CalendarEntry } from "./api";
import { usePortalClient } from "../../api/ClientProvider";
import { CALENDAR_REFRESH_MS, dayKey, entryTimeRange, isFreshAnswer } from "./calendar";
import { safeHref } from "../../shared/links";
import type { WidgetProps } from "./types";
import { useLatestCall } from "./useLatestCall";
import { WeekStrip } from "./WeekStrip";
import { WidgetEmpty, WidgetFailed, WidgetFrame, WidgetLoading } from "./WidgetFrame";
import styles from "./widgets.module.css";

export const PROGRAMME_PATH = "/main/myProgramme";

function Entry({ entry, day }: { entry: CalendarEntry; day: string }) {
  const { t } = useTranslation("widgets");
  const { token } = theme.useToken();
  const href = safeHref(entry.calendarUrl);
  const details = [
    entry.calendarMeeting && t("calendar.meeting", { value: entry.calendarMeeting }),
    entry.calendarOrganizer && t("calendar.organizer", { value: entry.calendarOrganizer }),
  ].filter(Boolean);
  return (
    <li style={{ padding: "6px 0 6px 8px", borderLeft: `3px solid ${token.colorPrimary}`, marginBottom: 6, minWidth: 0 }}>
      <span className={styles.ellipsis} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {entryTimeRange(entry, day)}
      </span>
      {href ? (
        <a className={styles.ellipsis} href={href} target="_blank" rel="noopener noreferrer" title={entry.calendarName} style={{ color: token.colorPrimary }}>
          {entry.calendarName}
        </a>
      ) : (
        <span className={styles.ellipsis} title={entry.calendarName}>
          {entry.calendarName}
        </span>
      )}
      {details.length > 0 && (
        <span className={styles.ellipsis} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
          {details.join(" · ")}
        </span>
      )}
    </li>
  );
}

export function CalendarWidget({ editing }: WidgetProps) {
  const client = usePortalClient();
  const { t } = useTranslation("widgets");
  const today = dayKey();
  const [chosen, setChosen] = useState(today);
  const chosenRef = useRef(chosen);
  const [entries, setEntries] = useState<CalendarEntry[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  /** The day whose entries are on screen: refreshing it (every minute, or the page shown again) is quiet. */
  const shownDay = useRef<string | null>(null);
  const { begin, isLatest } = useLatestCall();

  const load = useCallback(
    (day: string) => {
      const ticket = begin();
      const sent = { day, sentAt: Date.now() };
      const quiet = shownDay.current === day;
      if (!quiet) setLoading(true);
      fetchCalendarDay(day, client)
        .then((rows) => {
          if (!isLatest(ticket) || !isFreshAnswer(sent, chosenRef.current, Date.now())) return;
          shownDay.current = day;
          setEntries(rows);
          setFailed(false);
        })
        // Spec 8: no toast. A failed refresh keeps the entries shown; a day never shown says so.
        .catch(() => isLatest(ticket) && !quiet && setFailed(true))
        .finally(() => isLatest(ticket) && setLoading(false));
    },
    [begin, isLatest, client],
  );

  useEffect(() => {
    load(chosen);
    const timer = setInterval(() => load(chosen), CALENDAR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [chosen, load]);

  const choose = (day: string) => {
    chosenRef.current = day;
    shownDay.current = null;
    setEntries([]);
    setFailed(false);
    setChosen(day);
  };

  let list;
  if (loading) list = <WidgetLoading />;
  else if (failed) list = <WidgetFailed onRetry={() => load(chosen)} />;
  else if (entries.length === 0) list = <WidgetEmpty text={t("calendar.empty")} />;
  else
    list = (
      <ul className={styles.list} aria-label={t("calendar.entriesOf", { date: chosen })}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} day={chosen} />
        ))}
      </ul>
    );

  return (
    <WidgetFrame modelCode="calendar_model" editing={editing} moreTo={PROGRAMME_PATH}>
      <WeekStrip chosen={chosen} today={today} onChoose={choose} />
      {list}
    </WidgetFrame>
  );
}
