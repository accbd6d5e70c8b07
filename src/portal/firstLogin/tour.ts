// The guide tour (spec 2.8, 9): driver.js over the shell's [data-tour] elements, at most 12 steps,
// elements not on the page skipped, overlay opacity 0.7. Loaded only when someone asks for it.
import type { TFunction } from "i18next";

import { TOUR_OVERLAY_OPACITY, TOUR_STEPS, presentSteps } from "./firstLogin";

export interface TourCallbacks {
  /** The last step was reached and closed with Done. */
  onCompleted: () => void;
  /** Closed before the end (Esc, the close button, the overlay). */
  onAbandoned: () => void;
}

const selector = (target: string) => `[data-tour="${target}"]`;

function isVisible(target: string): boolean {
  const element = document.querySelector<HTMLElement>(selector(target));
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}

export async function startTour(t: TFunction<"personal">, callbacks: TourCallbacks): Promise<void> {
  const [{ driver }] = await Promise.all([import("driver.js"), import("driver.js/dist/driver.css")]);
  const steps = presentSteps(TOUR_STEPS, isVisible);
  if (steps.length === 0) {
    callbacks.onCompleted();
    return;
  }
  let completed = false;
  const tour = driver({
    // No moving highlight for a person who asked the system for reduced motion (as antd's motion).
    animate: !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches,
    overlayOpacity: TOUR_OVERLAY_OPACITY,
    showProgress: true,
    allowClose: true,
    skipMissingElement: true,
    // driver.js fills {{current}} and {{total}} itself: hand the placeholders through i18next.
    progressText: t("tour.progress", { current: "{{current}}", total: "{{total}}" }),
    nextBtnText: t("tour.next"),
    prevBtnText: t("tour.previous"),
    doneBtnText: t("tour.done"),
    popoverClass: "portal-tour",
    steps: steps.map((step) => ({
      element: selector(step.target),
      popover: { title: t(`tour.steps.${step.key}.title`), description: t(`tour.steps.${step.key}.text`) },
    })),
    onNextClick: (_element, _step, { driver: active }) => {
      if (active.isLastStep()) {
        completed = true;
        active.destroy();
      } else active.moveNext();
    },
    onDestroyed: () => (completed ? callbacks.onCompleted() : callbacks.onAbandoned()),
  });
  tour.drive();
}
