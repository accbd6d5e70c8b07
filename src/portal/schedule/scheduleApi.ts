// The schedule page's call (spec 7.1): one listCalendar for the visible range. A person's load
// shows a failure once (the client's toast) and the page its error state; the periodic refresh
// is SILENT (a failing refresh keeps what is shown and stays quiet).
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import { rangeBounds, type EntriesByDate } from "./schedule";

export async function fetchCalendarRange(days: readonly string[], quiet: boolean, client: PortalClient): Promise<EntriesByDate> {
  const call = client.POST("/personalCalendar/listCalendar", { body: rangeBounds(days), headers: quiet ? SILENT : undefined });
  return (await unwrap(call)) ?? {};
}
