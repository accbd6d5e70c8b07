// Spec 2.7 and 4: the workspace's modes, one at a time. Cancel returns to normal; OK saves and
// returns to normal; changing route resets every mode. Add-card mode is also switched on by the
// page itself whenever fewer than four cards are shown.
export type Mode = "normal" | "edit" | "remove" | "add" | "revert";

export const CARD_COUNT = 4;

/** Whether a mode may start now: only from normal or add-card mode (never on top of another). */
export function canEnter(current: Mode, next: Mode): boolean {
  if (next === current) return false;
  return current === "normal" || current === "add";
}

/** The resting mode: add-card when fewer than four cards are shown, otherwise normal. */
export function restingMode(visibleCards: number): Mode {
  return visibleCards < CARD_COUNT ? "add" : "normal";
}

/** Cards show a mask (and take no clicks of their own) while they are being arranged or picked. */
export function masksCards(mode: Mode): boolean {
  return mode === "edit" || mode === "remove";
}

/** Spec 5: the add-card dialog takes 1 to 5 cards (the workspace itself holds 4 card types). */
export const ADD_CARD_MIN = 1;
export const ADD_CARD_MAX = 5;

export function canFinishAdding(chosen: number): boolean {
  return chosen >= ADD_CARD_MIN && chosen <= ADD_CARD_MAX;
}
