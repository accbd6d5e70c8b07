// A call's state for a page: loading, its data, or failed (the client has already shown the toast).
// An answer overtaken by a newer call (changed inputs, reload, unmount) is dropped.
import { useCallback, useEffect, useRef, useState } from "react";

export type LoadState<T> =
  | { status: "loading"; data: T | null }
  | { status: "ready"; data: T }
  | { status: "failed"; data: T | null; error: unknown };

export interface Loaded<T> {
  state: LoadState<T>;
  reload: () => void;
  /** Replaces the data in place (after a change the page made itself). */
  setData: (update: (data: T) => T) => void;
}

/** Runs `load` now and whenever a key changes; `enabled` false leaves it idle in "loading". */
export function useLoad<T>(load: () => Promise<T>, keys: readonly unknown[], enabled = true): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: "loading", data: null });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) return;
    const call = ++latest.current;
    setState((previous) => ({ status: "loading", data: previous.data }));
    loadRef.current().then(
      (data) => {
        if (call === latest.current) setState({ status: "ready", data });
      },
      (error: unknown) => {
        if (call === latest.current) setState((previous) => ({ status: "failed", data: previous.data, error }));
      },
    );
    return () => {
      latest.current += 1; // a hidden or changed page ignores the answer of this call
    };
    // The keys are the inputs of `load` (read through a ref, so a new closure alone does not reload).
  }, [...keys, round, enabled]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const setData = useCallback((update: (data: T) => T) => {
    setState((previous) => (previous.data === null ? previous : { ...previous, data: update(previous.data) } as LoadState<T>));
  }, []);
  return { state, reload, setData };
}
