// What scripts/bench.ts hands every section.
export interface BenchContext {
  /** The repository root. */
  root: string;
  /** How many times each figure is measured (min/median/max over them). */
  runs: number;
  log(line: string): void;
}
