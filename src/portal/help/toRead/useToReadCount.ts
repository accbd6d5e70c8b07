// The caller's pending read requests for the workspace badge (issue 24): read on mount, again when
// the live stream brings a new request or a reminder (issue 23's notifications readRequested and
// readReminder) or asks for a resync, and when the person acknowledges in this tab. A failed read
// keeps the last figure (null before the first answer: nothing is shown).
import { useCallback, useEffect, useRef, useState } from "react";

import { usePortalClient } from "../../../api/ClientProvider";
import { useLiveEvents } from "../../../live/LiveProvider";
import { fetchToReadCount, type ToReadCount } from "./api";
import { onToReadChanged } from "./toReadChanged";

/** The notification kinds the campaign server sends to the people asked (openapi compliance.yaml). */
export const TO_READ_KINDS: ReadonlySet<string> = new Set(["readRequested", "readReminder"]);

export function useToReadCount(): ToReadCount | null {
  const client = usePortalClient();
  const [count, setCount] = useState<ToReadCount | null>(null);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const call = ++latest.current;
    fetchToReadCount(client).then(
      (figures) => call === latest.current && setCount(figures),
      () => undefined, // quiet: the badge keeps its last figure
    );
  }, [client]);

  useEffect(() => {
    refresh();
    const off = onToReadChanged(refresh);
    return () => {
      off();
      latest.current += 1; // an answer after unmount is dropped
    };
  }, [refresh]);

  useLiveEvents((event) => {
    if (event.type === "notification" && TO_READ_KINDS.has(event.notification.kind)) refresh();
    else if (event.type === "resync") refresh();
  });

  return count;
}
