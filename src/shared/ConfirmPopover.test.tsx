import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ConfigProvider } from "antd";

import { ConfirmPopover } from "./ConfirmPopover";

afterEach(cleanup);

function renderConfirm(onConfirm = vi.fn()) {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <button type="button">before</button>
      <ConfirmPopover title="Delete Zhang Wei?" okText="OK" cancelText="Cancel" onConfirm={onConfirm}>
        <button type="button">Delete</button>
      </ConfirmPopover>
    </ConfigProvider>,
  );
  const trigger = screen.getByRole("button", { name: "Delete" });
  return { trigger, onConfirm };
}

/** Opens the confirmation as a keyboard user does: the trigger has the focus and is pressed. */
async function openFrom(trigger: HTMLElement) {
  trigger.focus();
  fireEvent.click(trigger);
  const ok = await screen.findByRole("button", { name: "OK" });
  return ok;
}

describe("ConfirmPopover (issue 21: confirmations take the focus and give it back)", () => {
  it("moves the focus to the confirm button when it opens", async () => {
    const { trigger } = renderConfirm();
    const ok = await openFrom(trigger);
    await waitFor(() => expect(document.activeElement).toBe(ok));
  });

  it("closes on Escape and puts the focus back on the trigger", async () => {
    const { trigger, onConfirm } = renderConfirm();
    const ok = await openFrom(trigger);
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.keyDown(ok, { key: "Escape" });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(ok.closest(".ant-popover")?.className).toMatch(/ant-popover-hidden/);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("keeps Tab between its buttons", async () => {
    const { trigger } = renderConfirm();
    const ok = await openFrom(trigger);
    await waitFor(() => expect(document.activeElement).toBe(ok));
    const cancel = screen.getByRole("button", { name: "Cancel" });
    fireEvent.keyDown(ok, { key: "Tab" });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(ok);
  });

  it("gives the focus back to the trigger after Cancel and after OK", async () => {
    const { trigger, onConfirm } = renderConfirm();
    let ok = await openFrom(trigger);
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    ok = await openFrom(trigger);
    await waitFor(() => expect(document.activeElement).toBe(ok));
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
