// An effect that runs when its dependencies change, and not again when a kept-alive page shows
// again (issue 21). The user shell keeps each open tab in a React <Activity>: hiding it runs the
// page's effect clean-ups and showing it runs its effects again, with the state kept. An effect that
// sets state from a first answer (a form's defaults, the first page of a search) would then put the
// state back as it was at the start, undoing what the person did in the meantime.
//
// Only for effects without a subscription to keep: nothing is re-established on show, and the
// clean-up (if any) runs when the page hides. Timers, listeners and polling stay plain useEffect.
import { useEffect, useRef, type DependencyList } from "react";

const same = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

export function useChangeEffect(effect: () => void | (() => void), deps: DependencyList): void {
  const ran = useRef<DependencyList | null>(null);
  useEffect(() => {
    if (ran.current && same(ran.current, deps)) return;
    ran.current = deps;
    return effect();
    // The dependencies are the caller's, as for useEffect.
  }, deps);
}
