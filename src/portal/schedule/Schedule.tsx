// The schedule (/main/myProgramme; spec 2.2, 2.7, 3, 7.1, 9): the user's calendar entries by month
// (six weeks from Monday, each day naming its first entries and counting the rest, the chosen
// day's entries beside it) or by week (Monday to Sunday). One listCalendar call covers the visible
// range (a month grid is 42 days, the contract's limit); it refreshes every minute and an answer
// for a range no longer shown, or more than 30 s late, is dropped. Clicking an entry shows its
// details with a link that opens in a new tab. Keyboard: the days form a grid with one tab stop;
// arrows move by day and week, Home/End to the week's ends, Page Up/Down by month.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { Alert, Button, Card, Segmented, Space, Spin, Typography, theme } from "antd";
import { LeftOutlined, ReloadOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { CALENDAR_REFRESH_MS, dayKey, entryTimeRange, isFreshAnswer } from "../widgets/calendar";
import { WEEKDAY_KEYS } from "../widgets/WeekStrip";
import { useLatestCall } from "../widgets/useLatestCall";
import { EntryDetails } from "./EntryDetails";
import {
  distinctEntryCount,
  isDayKeyMove,
  monthOf,
  monthWeeks,
  moveDay,
  shiftChosen,
  visibleDays,
  type CalendarEntry,
  type EntriesByDate,
  type ScheduleView,
} from "./schedule";
import { fetchCalendarRange } from "./scheduleApi";
import styles from "./schedule.module.css";
import { usePortalClient } from "../../api/ClientProvider";

const weekdayIndex = (day: string) => (new Date(`${day}T00:00:00`).getDay() + 6) % 7;

export default function Schedule() {
  const client = usePortalClient();
  const { t } = useTranslation(["schedule", "portal"]);
  const { token } = theme.useToken();
  const [today, setToday] = useState(dayKey);
  const [view, setView] = useState<ScheduleView>("month");
  const [chosen, setChosen] = useState(today);
  const [byDate, setByDate] = useState<EntriesByDate>({});
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [details, setDetails] = useState<CalendarEntry | null>(null);
  const { begin, isLatest } = useLatestCall();
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusChosen = useRef(false);

  const days = useMemo(() => visibleDays(view, chosen), [view, chosen]);
  const rangeKey = `${days[0]}/${days[days.length - 1]}`;
  const rangeRef = useRef(rangeKey);
  rangeRef.current = rangeKey;
  /** The range whose entries are on screen. */
  const shownRange = useRef<string | null>(null);

  const load = useCallback(
    (refresh: boolean) => {
      const ticket = begin();
      const sent = { day: rangeKey, sentAt: Date.now() };
      // Loading the range already on screen again (the minute refresh, or the kept-alive page shown
      // again by the tab bar) keeps it there meanwhile and fails quietly (issue 21).
      const quiet = refresh || shownRange.current === rangeKey;
      if (!quiet) {
        setLoading(true);
        setFailed(false);
      }
      fetchCalendarRange(days, quiet, client)
        .then((answer) => {
          if (isLatest(ticket) && isFreshAnswer(sent, rangeRef.current, Date.now())) {
            shownRange.current = sent.day;
            setByDate(answer);
            setFailed(false);
          }
        })
        .catch(() => {
          if (!quiet && isLatest(ticket)) setFailed(true);
        })
        .finally(() => isLatest(ticket) && setLoading(false));
    },
    // rangeKey names the days: choosing another day of the same range does not load again
    [rangeKey, begin, isLatest, client],
  );

  useEffect(() => {
    load(false);
    const timer = setInterval(() => {
      setToday(dayKey()); // past midnight, today moves on
      load(true);
    }, CALENDAR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, reloads]);

  // After a key moved the chosen day, focus follows it (the grid may have been redrawn).
  useLayoutEffect(() => {
    if (!focusChosen.current) return;
    focusChosen.current = false;
    dayButtons.current.get(chosen)?.focus();
  }, [chosen, view]);

  const choose = (day: string) => {
    const nextDays = visibleDays(view, day);
    if (`${nextDays[0]}/${nextDays[nextDays.length - 1]}` !== rangeKey) setByDate({}); // another range: no old entries meanwhile
    setChosen(day);
  };

  const onDayKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!isDayKeyMove(event.key)) return;
    if (view === "week" && (event.key === "ArrowUp" || event.key === "ArrowDown")) return;
    event.preventDefault();
    focusChosen.current = true;
    choose(moveDay(chosen, event.key));
  };

  const weekdayName = (day: string, long = false) => t(`${long ? "weekdaysLong" : "weekdays"}.${WEEKDAY_KEYS[weekdayIndex(day)]}`);
  // The day of the month as the button shows it ("2025-11-3", not "-03"): the name holds the
  // number on screen (WCAG 2.5.3, issue 21).
  const dayLabel = (day: string) =>
    t(day === today ? "dayLabelToday" : "dayLabel", { weekday: weekdayName(day, true), date: day.replace(/-0(\d)$/, "-$1"), count: byDate[day]?.length ?? 0 });

  const { year, month } = monthOf(chosen);
  const title =
    view === "month"
      ? t("monthTitle", { year, month: t(`months.${month}`) }) // cn "2026年11月", en "November 2026"
      : t("weekTitle", { from: days[0], to: days[days.length - 1] });

  const cssVars = {
    "--schedule-border": token.colorBorderSecondary,
    "--schedule-primary": token.colorPrimary,
    "--schedule-hover": token.controlItemBgHover,
  } as CSSProperties;

  const dayButton = (day: string, content: ReactNode, extraStyle?: CSSProperties) => (
    <button
      type="button"
      ref={(el) => {
        if (el) dayButtons.current.set(day, el);
        else dayButtons.current.delete(day);
      }}
      className={styles.dayButton}
      tabIndex={day === chosen ? 0 : -1}
      aria-pressed={day === chosen}
      aria-current={day === today ? "date" : undefined}
      aria-label={dayLabel(day)}
      data-day={day}
      onClick={(event) => {
        event.stopPropagation();
        choose(day);
      }}
      onKeyDown={onDayKey}
      style={extraStyle}
    >
      {content}
    </button>
  );

  const dayNumberStyle = (day: string): CSSProperties => {
    if (day === chosen) return { background: token.colorPrimary, color: token.colorTextLightSolid, fontWeight: 600 };
    if (day === today) return { color: token.colorPrimary, border: `1px solid ${token.colorPrimary}`, fontWeight: 600 };
    return {};
  };

  const entryRow = (entry: CalendarEntry, day: string) => {
    const time = entryTimeRange(entry, day);
    return (
      <li key={entry.id}>
        <button
          type="button"
          className={styles.entryRow}
          // The name holds all the row shows, in its order, as words (WCAG 2.5.3, issue 21).
          aria-label={t("entryButton", { time, name: [entry.calendarName, entry.calendarMeeting].filter(Boolean).join(" ") })}
          onClick={() => setDetails(entry)}
          data-testid="schedule-entry"
        >
          <span className={styles.ellipsis} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            {time}
          </span>{" "}
          <span className={styles.ellipsis} title={entry.calendarName}>
            {entry.calendarName}
          </span>
          {entry.calendarMeeting && " "}
          {entry.calendarMeeting && (
            <span className={styles.ellipsis} style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {entry.calendarMeeting}
            </span>
          )}
        </button>
      </li>
    );
  };

  const weekdayHeaders = WEEKDAY_KEYS.map((key) => (
    <th key={key} scope="col" abbr={t(`weekdaysLong.${key}`)} style={{ color: token.colorTextSecondary }}>
      {t(`weekdays.${key}`)}
    </th>
  ));

  let body;
  if (failed && Object.keys(byDate).length === 0) {
    body = (
      <Alert
        type="warning"
        showIcon
        message={t("loadFailed")}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setReloads((n) => n + 1)}>
            {t("retry")}
          </Button>
        }
      />
    );
  } else if (view === "month") {
    const chosenEntries = byDate[chosen] ?? [];
    body = (
      <div className={styles.layout}>
        <div className={styles.gridWrap}>
          <Spin spinning={loading}>
            <table className={styles.grid} role="grid" aria-label={t("gridLabel", { title })} aria-describedby="schedule-keyboard-hint" data-testid="schedule-month">
              <thead>
                <tr>{weekdayHeaders}</tr>
              </thead>
              <tbody>
                {monthWeeks(chosen, byDate, today).map((week) => (
                  <tr key={week[0].day}>
                    {week.map((cell) => (
                      <td
                        key={cell.day}
                        role="gridcell"
                        aria-selected={cell.day === chosen}
                        className={`${styles.cell} ${cell.inMonth ? "" : styles.cellOut}`}
                        style={{ background: cell.isToday ? token.colorFillQuaternary : undefined }}
                        onClick={() => choose(cell.day)}
                        data-testid={`schedule-day-${cell.day}`}
                      >
                        {dayButton(
                          cell.day,
                          <>
                            <span className={styles.dayNumber} style={dayNumberStyle(cell.day)}>
                              {cell.date}
                            </span>
                            {/* "26 3 个日程" as words: the text the name must hold (WCAG 2.5.3) */}
                            {cell.entries.length > 0 && " "}
                            {cell.entries.length > 0 && (
                              <span style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>{t("count", { count: cell.entries.length })}</span>
                            )}
                          </>,
                        )}
                        {cell.shown.map((entry) => (
                          <button
                            key={entry.id}
                            type="button"
                            tabIndex={-1}
                            className={styles.entryChip}
                            style={{ background: token.colorFillTertiary, color: token.colorText, borderLeft: `2px solid ${token.colorPrimary}` }}
                            title={entry.calendarName}
                            onClick={(event) => {
                              event.stopPropagation();
                              setDetails(entry);
                            }}
                          >
                            {entry.calendarName}
                          </button>
                        ))}
                        {cell.more > 0 && (
                          <span className={styles.more} style={{ color: token.colorTextSecondary }}>
                            {t("more", { count: cell.more })}
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Spin>
        </div>
        <section className={styles.agenda} aria-label={t("agendaLabel", { date: chosen })} data-testid="schedule-agenda">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t("agendaTitle", { date: chosen, weekday: weekdayName(chosen, true) })}
            {chosen === today && (
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 400 }}>
                {t("today")}
              </Typography.Text>
            )}
          </Typography.Title>
          {chosenEntries.length === 0 ? (
            <Typography.Text type="secondary">{loading ? "" : t("empty")}</Typography.Text>
          ) : (
            <ul className={styles.agendaList}>{chosenEntries.map((entry) => entryRow(entry, chosen))}</ul>
          )}
        </section>
      </div>
    );
  } else {
    body = (
      <Spin spinning={loading}>
        <div className={styles.week} role="grid" aria-label={t("gridLabel", { title })} aria-describedby="schedule-keyboard-hint" data-testid="schedule-week">
          {days.map((day) => {
            const entries = byDate[day] ?? [];
            return (
              <section
                key={day}
                role="gridcell"
                aria-selected={day === chosen}
                className={styles.weekDay}
                style={{ background: day === today ? token.colorFillQuaternary : undefined }}
                data-testid={`schedule-day-${day}`}
              >
                {dayButton(
                  day,
                  <>
                    <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{weekdayName(day)}</span>
                    <span className={styles.dayNumber} style={dayNumberStyle(day)}>
                      {Number(day.slice(8, 10))}
                    </span>
                  </>,
                )}
                {entries.length === 0 ? (
                  <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, display: "block", textAlign: "center" }}>
                    {loading ? "" : t("emptyWeek")}
                  </Typography.Text>
                ) : (
                  <ul className={styles.agendaList} aria-label={t("agendaLabel", { date: day })}>
                    {entries.map((entry) => entryRow(entry, day))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </Spin>
    );
  }

  const previous = view === "month" ? t("nav.previousMonth") : t("nav.previousWeek");
  const next = view === "month" ? t("nav.nextMonth") : t("nav.nextWeek");

  return (
    <Card title={t("portal:routes.myProgramme")} data-testid="schedule" style={cssVars}>
      <div className={styles.toolbar}>
        <Space wrap>
          <Button icon={<LeftOutlined />} aria-label={previous} title={previous} onClick={() => choose(shiftChosen(view, chosen, -1))} />
          <Button onClick={() => choose(today)} aria-current={chosen === today ? "date" : undefined}>
            {t("nav.today")}
          </Button>
          <Button icon={<RightOutlined />} aria-label={next} title={next} onClick={() => choose(shiftChosen(view, chosen, 1))} />
          <h2 className={styles.title} aria-live="polite" data-testid="schedule-title">
            {title}
          </h2>
          <Typography.Text type="secondary">{t("summary", { count: distinctEntryCount(byDate, days) })}</Typography.Text>
        </Space>
        <Segmented<ScheduleView>
          aria-label={t("views.label")}
          value={view}
          onChange={(value) => {
            setByDate({});
            setView(value);
          }}
          options={[
            { value: "month", label: t("views.month") },
            { value: "week", label: t("views.week") },
          ]}
        />
      </div>
      <Typography.Paragraph type="secondary" id="schedule-keyboard-hint" style={{ fontSize: token.fontSizeSM, marginBottom: 8 }}>
        {t("keyboardHint")}
      </Typography.Paragraph>
      {body}
      <EntryDetails entry={details} onClose={() => setDetails(null)} />
    </Card>
  );
}
