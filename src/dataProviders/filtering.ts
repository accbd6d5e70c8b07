import type { CrudFilter } from "@refinedev/core";

/** Operators a page body can express: one field, one value. */
const SUPPORTED = new Set(["eq", "contains"]);

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * refine's filters -> page body fields ({ field: value }). eq and contains both become a plain
 * field: whether a field matches exactly or by part is the operation's own rule (roleName, for
 * one, matches part of the name or code). A blank value (a cleared search box) sends nothing.
 * Any other operator is a programming error, thrown rather than silently ignored.
 */
export function generateFilter(filters?: readonly CrudFilter[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter) || !SUPPORTED.has(filter.operator)) {
      throw new Error(`Unsupported filter operator "${filter.operator}": page bodies take eq or contains`);
    }
    const value = typeof filter.value === "string" ? filter.value.trim() : filter.value;
    if (!isBlank(value)) body[filter.field] = value;
  }
  return body;
}
