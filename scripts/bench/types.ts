// The shape every bench section answers (scripts/bench.ts runs them and writes bench/results.json
// and bench/RESULTS.md). A figure is measured `runs.length` times; min/median/max come from runs.
export interface Budget {
  /** The figure must be below (`<`), at most (`<=`) or at least (`>=`) `value`. */
  op: "<" | "<=" | ">=";
  value: number;
  /** Where the budget comes from (the anchor), shown in RESULTS.md. */
  anchor?: string;
}

export interface Figure {
  /** Stable key, e.g. "web.baseLogin.jsGzipKiB". */
  key: string;
  /** What it is, for people, e.g. "/baseLogin JavaScript before usable (gzip)". */
  label: string;
  unit: string;
  /** Every run's value, in run order. */
  runs: number[];
  min: number;
  median: number;
  max: number;
  budget?: Budget;
  /** budget met by the median; undefined without a budget. */
  pass?: boolean;
  /** Anything else worth keeping (p50/p95 per query kind, counts, ...). */
  detail?: Record<string, unknown>;
}

export interface Section {
  key: string;
  title: string;
  figures: Figure[];
  /** Plain-language notes: how it was measured, what bounds a figure (markdown, one line each). */
  notes: string[];
  /** Large attachments (EXPLAIN ANALYZE text, per-request tables) kept in results.json only or shown in a details block. */
  attachments?: { title: string; text: string }[];
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A percentile by nearest rank (p in 0..100) of an already sorted list. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;

const round = (x: number) => (Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100);

export function figure(key: string, label: string, unit: string, runs: number[], budget?: Budget, detail?: Record<string, unknown>): Figure {
  const med = median(runs);
  const pass = budget ? (budget.op === "<" ? med < budget.value : budget.op === "<=" ? med <= budget.value : med >= budget.value) : undefined;
  return { key, label, unit, runs: runs.map(round), min: round(Math.min(...runs)), median: round(med), max: round(Math.max(...runs)), budget, pass, detail };
}
