// The card contract the grid relies on: the four cards by modelCode, titles in both languages,
// the frame's test ids, drag-handle class, header link, and edit mode.
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { i18n, setLanguage } from "../../i18n";
import { MODEL_CODES, WIDGETS, WidgetFrame } from "./index";
import { renderWidget, resetNet } from "./testing";

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("WIDGETS", () => {
  it("has a component and a translated title for each of the four cards", () => {
    expect(Object.keys(WIDGETS).sort()).toEqual([...MODEL_CODES].sort());
    for (const language of ["en", "cn"]) {
      const t = i18n.getFixedT(language, "widgets");
      for (const code of MODEL_CODES) {
        const title = t(WIDGETS[code].titleKey);
        expect(title, `${language} ${code}`).not.toBe(WIDGETS[code].titleKey);
        expect(title).not.toBe("");
      }
    }
    expect(i18n.getFixedT("en", "widgets")(WIDGETS.task_model.titleKey)).toBe("My tasks");
  });
});

describe("WidgetFrame", () => {
  it("shows the title in a drag-handle header and the body below", () => {
    renderWidget(
      <WidgetFrame modelCode="task_model" editing={false} extra={<span>extra</span>}>
        <p>body</p>
      </WidgetFrame>,
    );
    const card = screen.getByTestId("widget-task_model");
    const heading = screen.getByRole("heading", { name: "My tasks" });
    expect(heading.closest(".widget-drag-handle")).not.toBeNull();
    expect(card.contains(screen.getByText("extra"))).toBe(true);
    expect(screen.getByText("body").closest(".widget-drag-handle")).toBeNull();
    expect(screen.queryByTestId("widget-more-task_model")).toBeNull();
  });

  it("opens the header link's route in the app", async () => {
    renderWidget(
      <WidgetFrame modelCode="task_model" editing={false} moreTo="/main/missionCenterIndex">
        <p>body</p>
      </WidgetFrame>,
    );
    const more = screen.getByRole("link", { name: "More: My tasks" });
    expect(more).toBe(screen.getByTestId("widget-more-task_model"));
    await act(async () => fireEvent.click(more));
    expect(screen.getByTestId("address").textContent).toBe("/main/missionCenterIndex");
  });

  it("takes the body and the link out of reach while editing", () => {
    renderWidget(
      <WidgetFrame modelCode="app_model" editing moreTo="/main/appCenterIndex">
        <button type="button">inside</button>
      </WidgetFrame>,
    );
    expect(screen.getByText("inside").parentElement?.hasAttribute("inert")).toBe(true);
    const more = screen.getByTestId("widget-more-app_model");
    expect(more.getAttribute("tabindex")).toBe("-1");
    expect(more.style.pointerEvents).toBe("none");
  });
});
