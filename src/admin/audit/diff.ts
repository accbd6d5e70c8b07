// What an audit row changed: the top-level fields whose value differs between before and after
// (every field of the one that exists when the other is null: a create or a delete).

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function changedFields(before: unknown, after: unknown): string[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null));
}

export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === "") return "--";
  return typeof v === "string" ? v : JSON.stringify(v);
}
