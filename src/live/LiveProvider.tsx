// The tab's one live connection (liveConnection.ts), opened by the shell that shows live figures
// (the user shell's bell and task card, the admin home) and closed with it. Components listen with
// useLiveEvents; outside a LiveProvider (a login page, a component test) there is no stream and
// nothing is heard, which is the truth of that tree.
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";

import { usePortalClient } from "../api/ClientProvider";
import { createLiveConnection, type LiveConnection, type LiveEvent } from "./liveConnection";
import { openNotificationStream } from "./openStream";

const LiveContext = createContext<LiveConnection | null>(null);

export function LiveProvider({ children, connection }: { children: ReactNode; connection?: LiveConnection }) {
  const client = usePortalClient();
  const live = useMemo(() => connection ?? createLiveConnection(openNotificationStream(client)), [client, connection]);
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}

/** Calls `listener` with every live event while the component is mounted (the latest listener). */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const live = useContext(LiveContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => live?.subscribe((event) => latest.current(event)), [live]);
}
