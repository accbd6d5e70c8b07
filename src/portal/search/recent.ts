// The caller's recent searches (getSearchHistoryList: the last 10 distinct texts, newest first),
// offered by the top bar's search box and on the result page before anything is searched. Asked
// again each time they are about to show, since every search adds to them. A failure leaves the
// list as it was, without a toast: recent searches are a convenience.
import { useCallback, useRef, useState } from "react";

import { SILENT, unwrap, type PortalClient } from "../../api/client";
import { usePortalClient } from "../../api/ClientProvider";

export async function fetchRecentSearches(client: PortalClient): Promise<string[]> {
  const rows = await unwrap(client.GET("/helpCenter/getSearchHistoryList", { headers: SILENT }));
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const row of rows ?? []) {
    const text = row.keyword.trim();
    if (text && !seen.has(text)) {
      seen.add(text);
      texts.push(text);
    }
  }
  return texts;
}

/** The recent texts that contain what is typed (all of them for an empty box), ignoring case. */
export function recentMatching(recent: readonly string[], typed: string): string[] {
  const wanted = typed.trim().toLowerCase();
  return wanted ? recent.filter((text) => text.toLowerCase().includes(wanted) && text.toLowerCase() !== wanted) : [...recent];
}

export function useRecentSearches() {
  const client = usePortalClient();
  const [recent, setRecent] = useState<string[]>([]);
  const [loaded, setLoaded] = useState(false);
  const ticket = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++ticket.current;
    fetchRecentSearches(client)
      .then((texts) => mine === ticket.current && setRecent(texts))
      .catch(() => undefined)
      .finally(() => mine === ticket.current && setLoaded(true));
  }, [client]);
  return { recent, loaded, refresh };
}
