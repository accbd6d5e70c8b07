// Only the latest call's answer may land: an older answer (a previous page or day, a refresh
// overtaken by a click) and any answer after unmount are dropped.
import { useCallback, useEffect, useRef } from "react";

export function useLatestCall(): { begin: () => number; isLatest: (ticket: number) => boolean } {
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1; // unmounted: nothing in flight may land
    },
    [],
  );
  const begin = useCallback(() => ++latest.current, []);
  const isLatest = useCallback((ticket: number) => ticket === latest.current, []);
  return { begin, isLatest };
}
