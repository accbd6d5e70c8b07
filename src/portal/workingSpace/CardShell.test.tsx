// Every card sits in an error boundary: a widget that throws shows a warning with Retry inside its
// own card while the other cards keep working, and Retry mounts the widget again.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { setLanguage } from "../../i18n";

let broken = true;
vi.mock("../widgets", () => {
  function Broken() {
    if (broken) throw new Error("widget broke");
    return <p>chart back</p>;
  }
  const Fine = () => <p>calendar fine</p>;
  return {
    WIDGETS: {
      chart_model: { titleKey: "chart.title", Component: Broken },
      calendar_model: { titleKey: "calendar.title", Component: Fine },
      task_model: { titleKey: "task.title", Component: Fine },
      app_model: { titleKey: "app.title", Component: Fine },
    },
  };
});

const { CardShell } = await import("./CardShell");
const noop = () => undefined;

describe("CardShell", () => {
  beforeAll(() => setLanguage("en"));
  afterEach(cleanup);

  it("keeps a throwing widget inside its card and retries it", () => {
    vi.spyOn(console, "error").mockImplementation(noop);
    render(
      <>
        <CardShell modelCode="chart_model" mode="normal" selected={false} onHide={noop} onToggleSelect={noop} onKey={noop} />
        <CardShell modelCode="calendar_model" mode="normal" selected={false} onHide={noop} onToggleSelect={noop} onKey={noop} />
      </>,
    );
    expect(screen.getByText("calendar fine")).toBeTruthy();
    expect(screen.getByText(/could not be shown/)).toBeTruthy();
    broken = false; // the cause went away: Retry mounts the widget again
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("chart back")).toBeTruthy();
  });

  it("shows the mask, the move handle and the delete mark only in edit mode", () => {
    const onHide = vi.fn();
    const { rerender } = render(<CardShell modelCode="task_model" mode="normal" selected={false} onHide={onHide} onToggleSelect={noop} onKey={noop} />);
    expect(screen.queryByTestId("card-mask-task_model")).toBeNull();
    rerender(<CardShell modelCode="task_model" mode="edit" selected={false} onHide={onHide} onToggleSelect={noop} onKey={noop} />);
    expect(screen.getByTestId("card-mask-task_model")).toBeTruthy();
    fireEvent.click(screen.getByTestId("card-hide-task_model"));
    expect(onHide).toHaveBeenCalledOnce();
    rerender(<CardShell modelCode="task_model" mode="remove" selected onHide={onHide} onToggleSelect={noop} onKey={noop} />);
    expect(screen.queryByTestId("card-hide-task_model")).toBeNull();
    expect(screen.getByTestId("card-select-task_model").getAttribute("aria-pressed")).toBe("true");
  });
});
