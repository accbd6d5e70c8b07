// Enter in the top bar's search box searches what was typed (issue 21: after a search for "CAPA",
// typing "CAP" and Enter searched "CAPA"). The box is an antd AutoComplete offering the recent
// searches; its list (rc-select) makes the first suggestion that starts with the typed text active
// by itself, even with defaultActiveFirstOption off, and Enter then selects it. A suggestion is
// the person's choice only when they moved to it with the arrow keys (or clicked it); otherwise
// Enter is the box's own search of the typed text, and the list closes as it does for any Enter.
//
// Used as the capture-phase key handler of the element around the AutoComplete:
//   <div onKeyDownCapture={enterSearchesTyped(go)}> <AutoComplete> <Input.Search/> ... </div>
import type { KeyboardEvent as ReactKeyboardEvent } from "react";

/** Per search box: the person moved through the suggestions with the keyboard since the last edit. */
const chose = new WeakMap<EventTarget, boolean>();

const NAVIGATION = new Set(["ArrowDown", "ArrowUp"]);
/** Keys that neither edit the text nor move through the list (the choice stands). */
const NEUTRAL = new Set(["Shift", "Control", "Alt", "Meta", "Tab", "Escape", "ArrowLeft", "ArrowRight", "Home", "End", "CapsLock"]);

export function enterSearchesTyped(search: (text: string) => void) {
  return (event: ReactKeyboardEvent<HTMLElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const box = event.currentTarget;
    // Ctrl+N / Ctrl+P move through the list on a Mac, as the arrows do.
    if (NAVIGATION.has(event.key) || (event.ctrlKey && (event.key === "n" || event.key === "p"))) {
      chose.set(box, true);
      return;
    }
    if (event.key !== "Enter") {
      if (!NEUTRAL.has(event.key)) chose.set(box, false); // an edit: the typed text counts again
      return;
    }
    // Enter that ends an IME composition (Chinese input) is not a search.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (chose.get(box)) {
      chose.set(box, false); // the list selects the suggestion the person moved to
      return;
    }
    if (input.getAttribute("aria-expanded") !== "true") return; // no list: the box's own Enter searches
    // The list is open with a suggestion it made active itself: keep this Enter from it.
    event.stopPropagation();
    event.preventDefault();
    search(input.value);
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", code: "Escape", keyCode: 27, bubbles: true, cancelable: true }));
  };
}
