// Opens the caller's notification stream through the app's client: the session headers, the
// service host and the 4004 flow are the client's own, as for every call; the answer is read as a
// stream. SILENT: a refused stream is no news for the person (the tab polls instead).
import { SILENT, type PortalClient } from "../api/client";
import type { OpenStream } from "./liveConnection";

export function openNotificationStream(client: PortalClient): OpenStream {
  return async (lastEventId, signal) => {
    try {
      const result = await client.GET("/notification/stream", {
        params: { header: lastEventId ? { "Last-Event-ID": lastEventId } : {} },
        parseAs: "stream",
        headers: SILENT,
        signal,
      });
      const body = result.data as ReadableStream<Uint8Array> | null | undefined;
      if (result.response.ok && body) return { ok: true, body };
      return { ok: false, status: result.response.status };
    } catch {
      return { ok: false, status: 0 };
    }
  };
}
