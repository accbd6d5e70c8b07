// The stale-save state of a hand-built edit dialog (issue 20): its save sends the version it read;
// a refusal as stale (409, code 4090) shows the reload offer (StaleRecordAlert) instead of a toast,
// and the reload (the dialog's own refetch of the record) hides it again.
import { useCallback, useState } from "react";

import { isStaleVersion, staleAwareErrorNotification } from "../../dataProviders";

export function useStaleRecord() {
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);

  /** Call with a failed save's error: true (and the offer shows) when it was refused as stale. */
  const caught = useCallback((error: unknown) => {
    const isStale = isStaleVersion(error);
    if (isStale) setStale(true);
    return isStale;
  }, []);

  /** Runs the dialog's reload of the record, then hides the offer. */
  const reload = useCallback(async (load: () => Promise<unknown>) => {
    setReloading(true);
    try {
      await load();
      setStale(false);
    } finally {
      setReloading(false);
    }
  }, []);

  return { stale, reloading, caught, reload, clear: useCallback(() => setStale(false), []), errorNotification: staleAwareErrorNotification };
}
