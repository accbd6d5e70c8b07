// The workspace's cards for the current breakpoint, loaded from and saved to the server.
// Spec 4: with no saved layout the default is computed from the workspace size and saved in bulk
// (the first time, per breakpoint); a saved layout that cannot be used falls back to the default,
// which then replaces it (one of an older version keeps its hidden cards hidden). Each breakpoint
// keeps its own arrangement.
import { useCallback, useEffect, useRef, useState } from "react";

import { usePortalClient } from "../../api/ClientProvider";
import { deleteCards, loadSaved, saveCards, updateCards } from "./layoutApi";
import { defaultLayout, parseSaved, replacingOlder, sortCards, toInput, toUpdate, type Breakpoint, type Card, type Geometry, type SavedCard } from "./layoutModel";

export interface WorkspaceLayout {
  /** The cards of the current breakpoint; null while loading. */
  cards: Card[] | null;
  /** Saves every card of the breakpoint (edit mode OK, add-card); resolves when done. */
  save: (cards: Card[]) => Promise<void>;
  /** Remove-card mode: deletes the chosen cards (their ids) and reloads. */
  remove: (codes: string[]) => Promise<void>;
  /** Reloads from the server (remove-card Cancel). */
  reload: () => Promise<void>;
  /** Restores and saves the default layout (reset). */
  reset: () => Promise<void>;
}

const withIds = (cards: Card[], saved: SavedCard[] | null, bp: Breakpoint): Card[] =>
  cards.map((c) => ({ ...c, id: saved?.find((s) => s.modelCode === c.modelCode && (s.breakpoint ?? "lg") === bp)?.id ?? c.id }));

export function useWorkspaceLayout(bp: Breakpoint | null, geometry: Geometry): WorkspaceLayout {
  const client = usePortalClient();
  const [byBp, setByBp] = useState<Partial<Record<Breakpoint, Card[]>>>({});
  const saved = useRef<SavedCard[] | null | undefined>(undefined);
  const geometryRef = useRef(geometry);
  geometryRef.current = geometry;

  const settle = useCallback(async (at: Breakpoint, rows: SavedCard[] | null) => {
    const computed = defaultLayout(at, geometryRef.current);
    const parsed = parseSaved(rows, at, computed);
    if (parsed || rows === null) {
      // A failed read shows the default without saving it over a layout that may exist.
      setByBp((m) => ({ ...m, [at]: parsed ?? computed }));
      return;
    }
    const fallback = replacingOlder(rows, at, computed);
    setByBp((m) => ({ ...m, [at]: fallback }));
    const answer = await saveCards(client, fallback.map((c, i) => toInput(c, i, at)));
    if (answer) {
      saved.current = [...(saved.current ?? []).filter((s) => (s.breakpoint ?? "lg") !== at), ...answer];
      setByBp((m) => ({ ...m, [at]: withIds(m[at] ?? fallback, answer, at) }));
    }
  }, [client]);

  const reload = useCallback(async () => {
    if (!bp) return;
    saved.current = await loadSaved(client);
    setByBp({});
    await settle(bp, saved.current);
  }, [bp, client, settle]);

  useEffect(() => {
    if (!bp || byBp[bp]) return;
    let live = true;
    void (async () => {
      if (saved.current === undefined) saved.current = await loadSaved(client);
      if (live) await settle(bp, saved.current);
    })();
    return () => {
      live = false;
    };
  }, [bp, byBp, client, settle]);

  const save = useCallback(
    async (cards: Card[]) => {
      if (!bp) return;
      const ordered = sortCards(cards);
      setByBp((m) => ({ ...m, [bp]: ordered }));
      const known = ordered.flatMap((c, i) => (c.id ? [toUpdate({ ...c, id: c.id }, i, bp)] : []));
      const fresh = ordered.flatMap((c, i) => (c.id ? [] : [toInput(c, i, bp)]));
      const [updated, created] = await Promise.all([
        known.length ? updateCards(client, known) : Promise.resolve([]),
        fresh.length ? saveCards(client, fresh) : Promise.resolve([]),
      ]);
      const answer = [...(updated ?? []), ...(created ?? [])];
      saved.current = [...(saved.current ?? []).filter((s) => !answer.some((a) => a.id === s.id)), ...answer];
      if (created?.length) setByBp((m) => ({ ...m, [bp]: withIds(m[bp] ?? ordered, created, bp) }));
    },
    [bp, client],
  );

  const remove = useCallback(
    async (codes: string[]) => {
      const cards = bp ? byBp[bp] : undefined;
      if (!bp || !cards) return;
      const chosen = cards.filter((c) => codes.includes(c.modelCode) && c.id);
      const remaining = cards.filter((c) => c.id && !codes.includes(c.modelCode));
      // Decision: removing the last saved cards hides them instead, so an emptied workspace stays
      // empty after a reload rather than coming back as the default.
      if (remaining.length === 0) await save(cards.map((c) => (codes.includes(c.modelCode) ? { ...c, hidden: true } : c)));
      else if (chosen.length) await deleteCards(client, chosen.map((c) => c.id!));
      await reload();
    },
    [bp, byBp, client, reload, save],
  );

  const reset = useCallback(async () => {
    if (!bp) return;
    const fallback = defaultLayout(bp, geometryRef.current);
    setByBp((m) => ({ ...m, [bp]: withIds(fallback, saved.current ?? null, bp) }));
    const answer = await saveCards(client, fallback.map((c, i) => toInput(c, i, bp)));
    if (answer) {
      saved.current = [...(saved.current ?? []).filter((s) => (s.breakpoint ?? "lg") !== bp), ...answer];
      setByBp((m) => ({ ...m, [bp]: withIds(fallback, answer, bp) }));
    }
  }, [bp, client]);

  return { cards: bp ? (byBp[bp] ?? null) : null, save, remove, reload, reset };
}
