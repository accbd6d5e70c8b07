// The four cards of the workspace (spec 2.7), as the grid hosts them: WIDGETS maps each modelCode
// to its title (a key of the "widgets" namespace) and its component. See README.md.
import type { ComponentType } from "react";

import { AppWidget } from "./AppWidget";
import { CalendarWidget } from "./CalendarWidget";
import { ChartWidget } from "./ChartWidget";
import { TaskWidget } from "./TaskWidget";
import { TITLE_KEYS, type ModelCode, type WidgetProps } from "./types";

export type { ModelCode, WidgetProps } from "./types";
export { MODEL_CODES } from "./types";
export { WidgetFrame, WidgetEmpty, WidgetLoading, type WidgetFrameProps } from "./WidgetFrame";

export const WIDGETS: Record<ModelCode, { titleKey: string; Component: ComponentType<WidgetProps> }> = {
  chart_model: { titleKey: TITLE_KEYS.chart_model, Component: ChartWidget },
  calendar_model: { titleKey: TITLE_KEYS.calendar_model, Component: CalendarWidget },
  task_model: { titleKey: TITLE_KEYS.task_model, Component: TaskWidget },
  app_model: { titleKey: TITLE_KEYS.app_model, Component: AppWidget },
};
