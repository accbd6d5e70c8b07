// A button that opens a menu, as the WAI-ARIA menu button pattern has it (issue 21): the header's
// user menu and "more" menu and the sider's avatar menu. A click opens and closes it; Enter, Space
// or ArrowDown open it with the focus on the first item, ArrowUp on the last; in the menu the arrow
// keys move, Enter picks, and Escape or Tab close it with the focus back on the button (antd's
// Dropdown does those). The button says that it has a menu and whether it is open.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { Button, Dropdown, type ButtonProps, type MenuProps } from "antd";

import { focusPopupWhenPlaced, menuItem } from "./popupFocus";
import styles from "../portal.module.css";

export interface MenuButtonProps {
  /** The menu's entries and what a click on one does; its aria-label names the menu. */
  menu: MenuProps;
  /** The button's own props (type, icon, class, aria-label, data-*); its click toggles the menu. */
  button?: ButtonProps & Record<`data-${string}`, string | undefined>;
  children?: ReactNode;
  placement?: "bottomLeft" | "bottomRight";
}

export function MenuButton({ menu, button, children, placement = "bottomRight" }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState<"first" | "last" | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The popup's own class: the focus goes into this menu and no other.
  const rootClass = `menu-button-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;

  useEffect(() => {
    if (!open || focusRequest === null) return;
    return focusPopupWhenPlaced(rootClass, menuItem(focusRequest));
  }, [open, focusRequest, rootClass]);

  const show = (focus: "first" | "last" | null) => {
    setFocusRequest(focus);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setFocusRequest(null);
    // A pick leaves the focus in a menu about to go; it comes back to the button (a pick that opens
    // a dialog or another page moves it on from there).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest(`.${rootClass}`)) buttonRef.current?.focus({ preventScroll: true });
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    }
    button?.onKeyDown?.(event as KeyboardEvent<HTMLButtonElement>);
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A click from Enter or Space (detail 0) puts the focus on the first item; a pointer's keeps it.
    if (open) close();
    else show(event.detail === 0 ? "first" : null);
  };

  return (
    <Dropdown
      trigger={["click"]}
      open={open}
      placement={placement}
      rootClassName={`${rootClass} ${styles.menuPopup}`}
      onOpenChange={(next, info) => {
        if (!next && info.source === "trigger") close();
      }}
      menu={{
        ...menu,
        onClick: (info) => {
          close();
          menu.onClick?.(info);
        },
      }}
    >
      <Button
        {...button}
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        {children}
      </Button>
    </Dropdown>
  );
}
