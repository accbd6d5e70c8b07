// One call's answer for a page part: loading, the data, or failed (the toast said why); `reload`
// asks again. An answer overtaken by a newer call (changed inputs, reload, unmount) is dropped.
import { useCallback, useEffect, useRef, useState } from "react";

export function useCall<T>(load: () => Promise<T>, keys: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const call = ++latest.current;
    setLoading(true);
    loadRef.current().then(
      (answer) => {
        if (call !== latest.current) return;
        setData(answer);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (call !== latest.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      latest.current += 1;
    };
    // the keys are the inputs of `load` (read through a ref)
  }, [...keys, round]); // eslint-disable-line react-hooks/exhaustive-deps

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, failed, loading, reload };
}
