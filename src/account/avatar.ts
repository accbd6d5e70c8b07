// The signed-in user's avatar (spec 3 "User title: headIcon, default image when absent"): one
// store for the sider, the header and the personal centre, refreshed after an upload. A stored
// picture is served only with the session's headers, so it is fetched as a blob and shown from an
// object URL; any other address is used as it is.
import { useEffect, useSyncExternalStore } from "react";

import { usePortalClient } from "../api/ClientProvider";
import { SILENT, unwrap, type PortalClient } from "../api/client";

const STORED_FILE = /^\/fileInfoEx\/downloadFile\?id=(\d+)$/;

interface AvatarState {
  userId: number | null;
  /** What the img shows; null is the default image. */
  src: string | null;
}

let state: AvatarState = { userId: null, src: null };
let objectUrl: string | null = null;
let generation = 0;
/** The user whose avatar is loaded or loading (components mounting together ask once). */
let requestedFor: number | null = null;
const listeners = new Set<() => void>();

function set(next: AvatarState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

async function pictureOf(client: PortalClient, headIcon: string | null | undefined): Promise<{ src: string | null; owned: boolean }> {
  if (!headIcon) return { src: null, owned: false };
  const stored = STORED_FILE.exec(headIcon);
  if (!stored) return { src: headIcon, owned: false };
  const result = await client.GET("/fileInfoEx/downloadFile", {
    params: { query: { id: Number(stored[1]) } },
    parseAs: "blob",
    headers: SILENT,
  });
  if (!result.response.ok || !(result.data instanceof Blob)) return { src: null, owned: false };
  return { src: URL.createObjectURL(result.data), owned: true };
}

/** Loads (or reloads after a change) the avatar of this user. Failures show the default image. */
export async function loadHeadIcon(client: PortalClient, userId: number, headIcon?: string | null): Promise<void> {
  const mine = ++generation;
  requestedFor = userId;
  try {
    const icon =
      headIcon !== undefined ? headIcon : (await unwrap(client.GET("/sysUserEx/getUserTitle", { headers: SILENT }))).headIcon;
    const picture = await pictureOf(client, icon);
    if (mine !== generation) {
      if (picture.owned && picture.src) URL.revokeObjectURL(picture.src);
      return;
    }
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = picture.owned ? picture.src : null;
    set({ userId, src: picture.src });
  } catch {
    if (mine === generation) set({ userId, src: null });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The avatar picture for this user (null: the default image); loads it once per user. */
export function useHeadIcon(userId: number | undefined): string | null {
  const client = usePortalClient();
  const current = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (userId !== undefined && requestedFor !== userId) void loadHeadIcon(client, userId);
  }, [client, userId]);
  return userId !== undefined && current.userId === userId ? current.src : null;
}
