// The card contract between the workspace grid (src/portal/workingSpace) and the cards it hosts.

/** The four card types of a layout card (spec 3 modelCode). */
export type ModelCode = "chart_model" | "calendar_model" | "task_model" | "app_model";

export const MODEL_CODES: readonly ModelCode[] = ["chart_model", "calendar_model", "task_model", "app_model"];

/** Each card's title: a key of the "widgets" namespace. */
export const TITLE_KEYS: Record<ModelCode, string> = {
  chart_model: "titles.chart_model",
  calendar_model: "titles.calendar_model",
  task_model: "titles.task_model",
  app_model: "titles.app_model",
};

export interface WidgetProps {
  /** true while the workspace is in edit or remove-card mode: no interaction, iframes must not take the pointer (render them with pointer-events none), timers may keep running. */
  editing: boolean;
}
