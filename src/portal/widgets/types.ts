// The card contract between the workspace grid (src/portal/workingSpace) and the cards it hosts.
import type { components } from "../../api/schema";

/** The four card types of a layout card (spec 3 modelCode), from the contract. */
export type ModelCode = components["schemas"]["ModelCode"];

/** Every card type once, in the default layout's order (the layout's tie-break when two cards share a place). */
export const MODEL_CODES: readonly ModelCode[] = ["calendar_model", "app_model", "chart_model", "task_model"];

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
