// antd's Popconfirm as a keyboard user needs it (issue 21, WCAG 2.1.1, 2.4.3): on open the focus
// moves to its confirm button (antd leaves it on the trigger, so the buttons were 16 to 26 Tab
// presses away, at the end of the page); Tab stays between its buttons; Escape closes it; closing
// puts the focus back where it was (the trigger) unless the person has moved it elsewhere.
// Same props as Popconfirm; `open`/`onOpenChange` may still be controlled from outside.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Popconfirm, type PopconfirmProps } from "antd";

/** How many frames to wait for the popup to be in the document (antd mounts it after the open). */
const FRAMES_TO_MOUNT = 30;

export function ConfirmPopover({ open: openProp, onOpenChange, okButtonProps, ...rest }: PopconfirmProps) {
  const id = useId();
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const returnTo = useRef<HTMLElement | null>(null);

  const popupOf = useCallback(() => {
    const ok = document.querySelector<HTMLElement>(`[data-confirm-ok="${id}"]`);
    return { ok, popup: ok?.closest<HTMLElement>(".ant-popover") ?? null };
  }, [id]);

  const change = useCallback<NonNullable<PopconfirmProps["onOpenChange"]>>(
    (next, event) => {
      if (next) {
        const active = document.activeElement;
        returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      }
      setOpenState(next);
      onOpenChange?.(next, event);
    },
    [onOpenChange],
  );

  // Open: the confirm button takes the focus once the popup is there.
  useEffect(() => {
    if (!open) return;
    let frames = 0;
    let handle = 0;
    const focusOk = () => {
      const { ok } = popupOf();
      if (ok && !ok.closest(".ant-popover-hidden")) ok.focus();
      else if (++frames < FRAMES_TO_MOUNT) handle = requestAnimationFrame(focusOk);
    };
    handle = requestAnimationFrame(focusOk);
    return () => cancelAnimationFrame(handle);
  }, [open, popupOf]);

  // While open: Escape closes, Tab cycles through the popup's buttons. The popup is in a portal,
  // away from the trigger's key handler (antd's Escape works only on the trigger), so the document
  // listens, in the capture phase, before anything under the popup can act on the key.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { popup } = popupOf();
      if (!popup || !(event.target instanceof Node) || !popup.contains(event.target)) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        event.preventDefault();
        change(false);
      } else if (event.key === "Tab") {
        const buttons = [...popup.querySelectorAll<HTMLElement>("button:not([disabled])")];
        if (buttons.length === 0) return;
        const index = buttons.indexOf(event.target as HTMLElement);
        const next = event.shiftKey ? (index <= 0 ? buttons.length - 1 : index - 1) : (index + 1) % buttons.length;
        event.preventDefault();
        buttons[next].focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [open, popupOf, change]);

  // Closed (confirmed, cancelled, Escape, a click outside): the focus goes back to the trigger when
  // it was left in the popup or dropped to the page.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const active = document.activeElement;
    const lost = !active || active === document.body || !!active.closest(".ant-popover");
    if (lost && returnTo.current?.isConnected) returnTo.current.focus();
  }, [open]);

  return (
    <Popconfirm
      {...rest}
      open={open}
      onOpenChange={change}
      okButtonProps={{ ...okButtonProps, ...({ "data-confirm-ok": id } as object) }}
    />
  );
}
