// Pictures stored by the server (policy content, uploaded through /file/uploadPicture) are served
// only with the session's headers, so an <img src> cannot load them. The content keeps their API
// address; this hook fetches each as a blob and shows it from an object URL (like the avatar).
import { useEffect, useState } from "react";

import { usePortalClient } from "../api/ClientProvider";
import { SILENT, type PortalClient } from "../api/client";

const STORED_SRC = /(<img\b[^>]*?\bsrc=")\/fileInfoEx\/downloadFile\?id=(\d+)(")/g;

/** The ids of the stored pictures an HTML fragment shows, in order, once each. */
export function storedPictureIds(html: string): number[] {
  return [...new Set([...html.matchAll(STORED_SRC)].map((m) => Number(m[2])))];
}

/** The fragment with each stored picture's address replaced by its loaded URL ("" while loading or failed). */
export function withPictureUrls(html: string, urls: ReadonlyMap<number, string>): string {
  return html.replace(STORED_SRC, (_all, head: string, id: string, tail: string) => `${head}${urls.get(Number(id)) ?? ""}${tail}`);
}

async function fetchPicture(client: PortalClient, id: number): Promise<string | null> {
  const result = await client.GET("/fileInfoEx/downloadFile", { params: { query: { id } }, parseAs: "blob", headers: SILENT });
  return result.response.ok && result.data instanceof Blob ? URL.createObjectURL(result.data) : null;
}

/** The sanitised fragment with its stored pictures shown; object URLs are revoked when it changes. */
export function useStoredPictures(html: string): string {
  const client = usePortalClient();
  const [urls, setUrls] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    const ids = storedPictureIds(html);
    if (ids.length === 0) return;
    let alive = true;
    const made: string[] = [];
    void Promise.all(ids.map(async (id) => [id, await fetchPicture(client, id).catch(() => null)] as const)).then((pairs) => {
      for (const [, url] of pairs) if (url) made.push(url);
      if (!alive) return made.forEach((u) => URL.revokeObjectURL(u));
      setUrls(new Map(pairs.filter((p): p is readonly [number, string] => p[1] !== null)));
    });
    return () => {
      alive = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [client, html]);
  return withPictureUrls(html, urls);
}
