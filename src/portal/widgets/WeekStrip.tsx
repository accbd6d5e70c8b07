// The schedule card's week picker (spec 2.7): previous and next week, and the seven days from
// Monday as buttons; the chosen day is pressed and filled with the theme colour, today is marked.
// The week's arrows sit in a row above the days (issue 21): in one row with them, the days of a
// card a third of a 1280 px screen wide were 21.6 px, under WCAG 2.2's 24 px targets.
import { Button, theme } from "antd";
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { shiftDay, weekDays } from "./calendar";
import styles from "./widgets.module.css";

export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export interface WeekStripProps {
  chosen: string;
  today: string;
  onChoose: (day: string) => void;
}

export function WeekStrip({ chosen, today, onChoose }: WeekStripProps) {
  const { t } = useTranslation("widgets");
  const { token } = theme.useToken();
  const days = weekDays(chosen);
  return (
    <>
      <div className={styles.weekNav}>
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t("calendar.previousWeek")} onClick={() => onChoose(shiftDay(chosen, -7))} />
        <span className={styles.weekRange}>{`${days[0].slice(5)} – ${days[6].slice(5)}`}</span>
        <Button size="small" type="text" icon={<RightOutlined />} aria-label={t("calendar.nextWeek")} onClick={() => onChoose(shiftDay(chosen, 7))} />
      </div>
      <div className={styles.week}>
        {days.map((day, i) => {
          const isChosen = day === chosen;
          const isToday = day === today;
          const weekday = t(`calendar.weekdays.${WEEKDAY_KEYS[i]}`);
          return (
            <button
              key={day}
              type="button"
              className={styles.day}
              aria-pressed={isChosen}
              aria-current={isToday ? "date" : undefined}
              aria-label={t(isToday ? "calendar.dayLabelToday" : "calendar.dayLabel", { weekday, day: Number(day.slice(8, 10)), date: day })}
              onClick={() => onChoose(day)}
              style={{
                background: isChosen ? token.colorPrimary : undefined,
                color: isChosen ? token.colorTextLightSolid : isToday ? token.colorPrimary : token.colorText,
                borderColor: isToday && !isChosen ? token.colorPrimary : undefined,
                fontWeight: isToday ? 600 : undefined,
              }}
            >
              <span style={{ fontSize: token.fontSizeSM }}>{weekday}</span>{" "}
              {/* the space keeps "Mon 23" two words in the text the name must hold (WCAG 2.5.3) */}
              <span>{Number(day.slice(8, 10))}</span>
            </button>
          );
        })}
      </div>
    </>
  );
}
