// One card call with spec 8's quiet failure (no toast) that is still honest (issue 21): loading,
// the data, or "failed" with a retry, never a failure dressed as "no data". Once the card has shown
// data, a later failed refresh (the kept-alive page shown again) keeps what is on screen.
import { useCallback, useEffect, useRef, useState } from "react";

export interface QuietLoad<T> {
  data: T;
  loading: boolean;
  /** The call failed and nothing has been shown yet. */
  failed: boolean;
  retry: () => void;
}

export function useQuietLoad<T>(load: () => Promise<T>, initial: T): QuietLoad<T> {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const shown = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let live = true;
    loadRef
      .current()
      .then((answer) => {
        if (!live) return;
        shown.current = true;
        setData(answer);
        setFailed(false);
      })
      .catch(() => live && !shown.current && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoading(true);
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { data, loading, failed, retry };
}
