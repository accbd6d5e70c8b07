// The state of the eight result tabs: a new text asks the first page of every kind at once; a
// tab's pager asks only that kind again. Each kind keeps its own loading, records, total, page,
// page size and error; an answer that a newer request of the same kind has overtaken is dropped.
import { useCallback, useRef, useState } from "react";

import type { PortalClient } from "../../api/client";
import { useChangeEffect } from "../../shared/useChangeEffect";
import { DEFAULT_PAGE_SIZE, KINDS, searchKind, type AnyRecord, type Kind } from "./kinds";

export interface KindState {
  status: "idle" | "loading" | "done" | "error";
  records: AnyRecord[];
  total: number;
  /** More match than total (the first 1000 are listed): the count reads "1000+". */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** The message shown when the kind could not be searched. */
  error: string | null;
}

export type KindStates = Record<Kind, KindState>;

const initial = (pageSize = DEFAULT_PAGE_SIZE): KindState => ({ status: "idle", records: [], total: 0, totalCapped: false, page: 1, pageSize, error: null });

const allKinds = (make: (kind: Kind) => KindState) => Object.fromEntries(KINDS.map((kind) => [kind, make(kind)])) as KindStates;

const messageOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason));

export interface SearchResults {
  states: KindStates;
  /** True while no kind is loading (every kind of the current text answered or failed). */
  settled: boolean;
  /** Counts the texts searched, so a caller acts once per search. */
  generation: number;
  load: (kind: Kind, page: number, pageSize: number) => void;
}

export function useSearchResults(keyword: string, client: PortalClient): SearchResults {
  const [states, setStates] = useState<KindStates>(() => allKinds(() => initial()));
  const [generation, setGeneration] = useState(0);
  const tickets = useRef<Record<string, number>>({});

  const patch = useCallback((kind: Kind, change: Partial<KindState>) => {
    setStates((current) => ({ ...current, [kind]: { ...current[kind], ...change } }));
  }, []);

  const request = useCallback(
    (kind: Kind, page: number, pageSize: number) => {
      const ticket = (tickets.current[kind] ?? 0) + 1;
      tickets.current[kind] = ticket;
      patch(kind, { status: "loading", page, pageSize, error: null });
      const latest = () => tickets.current[kind] === ticket;
      searchKind(kind, { keyword, page, pageSize }, client)
        .then((answer) => {
          if (!latest()) return;
          // A page above 1 that came back empty (rows gone meanwhile) steps back to the last page.
          const last = Math.max(1, Math.ceil(answer.total / pageSize));
          if (answer.records.length === 0 && page > 1 && last < page) return request(kind, last, pageSize);
          patch(kind, { status: "done", records: answer.records, total: answer.total, totalCapped: answer.totalCapped, page, pageSize });
        })
        .catch((reason: unknown) => {
          if (!latest()) return;
          patch(kind, { status: "error", records: [], total: 0, totalCapped: false, error: messageOf(reason) });
        });
    },
    [client, keyword, patch],
  );

  // A new text starts a new search; the result page shown again by the tab bar (its effects run
  // again) keeps the pages and tab the person had (issue 21).
  useChangeEffect(() => {
    if (!keyword) {
      for (const kind of KINDS) tickets.current[kind] = (tickets.current[kind] ?? 0) + 1;
      setStates((current) => allKinds((kind) => initial(current[kind].pageSize)));
      return;
    }
    setGeneration((n) => n + 1);
    setStates((current) => allKinds((kind) => ({ ...initial(current[kind].pageSize), status: "loading" })));
    for (const kind of KINDS) request(kind, 1, states[kind].pageSize);
    // Only a new text starts a new search; the page sizes chosen are read, not watched.
  }, [keyword, request]);

  // Derived, not stored: the render that brings a new text still shows the old states with the old
  // generation, and the effect above moves both on in one update.
  const settled = !!keyword && KINDS.every((kind) => states[kind].status === "done" || states[kind].status === "error");
  const load = useCallback((kind: Kind, page: number, pageSize: number) => request(kind, page, pageSize), [request]);

  return { states, settled, generation, load };
}
