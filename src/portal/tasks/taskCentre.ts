// The task centre's rules (spec 3, 4, 5, 7.2, 9): the three lists and what each asks the server,
// the labels of the process and approval status codes, the 10-record batch limit, paging and the
// default date range.
import type { components } from "../../api/schema";

export type Task = components["schemas"]["Task"];
export type TaskPageQuery = components["schemas"]["TaskPageQuery"];
export type ProcessStatus = NonNullable<Task["processStatus"]>;
export type ApprovalStatus = NonNullable<Task["approvalStatus"]>;

/** Spec 9: paging default 10, options 10/20/50/100, five page buttons. */
export { DEFAULT_PAGE_SIZE as PAGE_SIZE } from "../../shared/paging";
export { PAGE_SIZES as PAGE_SIZE_OPTIONS } from "../../shared/paging";
/** Spec 5, 9: a batch holds at most 10 records. */
export const BATCH_LIMIT = 10;
/** The contract's bound of the title filter. */
export const TITLE_MAX = 100;

/**
 * The three lists (spec 3 search result kinds: initiated, pending approval, approved), as the
 * contract reads receiveOrSponsor (0 received, 1 started by the user) and handledStatus (0 not yet
 * handled by the user, 1 handled). The server always filters on handledStatus, so the initiated
 * list has two views: submitted (handled 1) and not yet submitted drafts (handled 0).
 */
export type ListKey = "pending" | "processed" | "initiated";
export const LISTS: readonly ListKey[] = ["pending", "processed", "initiated"];
export type InitiatedView = "submitted" | "drafts";

export function listParams(list: ListKey, initiated: InitiatedView = "submitted"): Pick<TaskPageQuery, "receiveOrSponsor" | "handledStatus"> {
  if (list === "pending") return { receiveOrSponsor: 0, handledStatus: 0 };
  if (list === "processed") return { receiveOrSponsor: 0, handledStatus: 1 };
  return { receiveOrSponsor: 1, handledStatus: initiated === "drafts" ? 0 : 1 };
}

/** Only the pending list can be processed, so only it offers selection and the batch queue. */
export const canBatch = (list: ListKey) => list === "pending";

/** Spec 4: the eight process status codes, in order, with their locale keys. */
export const PROCESS_STATUSES: readonly ProcessStatus[] = [0, 1, 2, 3, 4, 5, 6, 7];
const PROCESS_KEYS = ["returned", "toAssign", "toHandle", "inProgress", "done", "timedOut", "draft", "error"] as const;

/** The locale key (taskCentre:process.*) of a process status, or null for none or an unknown code. */
export function processStatusKey(code: number | null | undefined): string | null {
  if (typeof code !== "number" || !Number.isInteger(code) || code < 0 || code >= PROCESS_KEYS.length) return null;
  return `process.${PROCESS_KEYS[code]}`;
}

/** Tag colour by how far the task has got (returned/error red, done green, waiting blue...). */
export function processStatusColor(code: number | null | undefined): string | undefined {
  switch (code) {
    case 0:
    case 7:
      return "error";
    case 1:
    case 2:
      return "warning";
    case 3:
      return "processing";
    case 4:
      return "success";
    default:
      return "default";
  }
}

/** Spec 4's approval helper: 1 draft, 2 or 4 in approval, 32 passed, 8 or 16 rejected. */
export type ApprovalGroup = "draft" | "inApproval" | "passed" | "rejected";
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = [1, 2, 4, 8, 16, 32];

export function approvalGroup(code: number | null | undefined): ApprovalGroup | null {
  switch (code) {
    case 1:
      return "draft";
    case 2:
    case 4:
      return "inApproval";
    case 32:
      return "passed";
    case 8:
    case 16:
      return "rejected";
    default:
      return null;
  }
}

export const APPROVAL_COLORS: Record<ApprovalGroup, string> = { draft: "default", inApproval: "processing", passed: "success", rejected: "error" };

/**
 * The approval filter's options grouped by label: the server filters one code, so "in approval"
 * and "rejected" each offer their two codes.
 */
export function approvalOptionGroups(): { group: ApprovalGroup; codes: ApprovalStatus[] }[] {
  const order: ApprovalGroup[] = ["draft", "inApproval", "passed", "rejected"];
  return order.map((group) => ({ group, codes: APPROVAL_STATUSES.filter((c) => approvalGroup(c) === group) }));
}

/**
 * The selection after a change, kept to `limit` keys: removals always apply, additions are taken
 * in order until the limit; `refused` counts the additions left out (the person is told).
 */
export function limitSelection<K>(previous: readonly K[], wanted: readonly K[], limit = BATCH_LIMIT): { keys: K[]; refused: number } {
  const wantedSet = new Set(wanted);
  const kept = previous.filter((k) => wantedSet.has(k));
  const keptSet = new Set(kept);
  const added = wanted.filter((k) => !keptSet.has(k));
  const room = Math.max(0, limit - kept.length);
  return { keys: [...kept, ...added.slice(0, room)], refused: Math.max(0, added.length - room) };
}

/** What pressing the batch button does with the current selection. */
export function batchCheck(selected: number, limit = BATCH_LIMIT): "none" | "tooMany" | "ok" {
  if (selected <= 0) return "none";
  return selected > limit ? "tooMany" : "ok";
}

export interface TaskFilters {
  title: string;
  processStatus: ProcessStatus | null;
  approvalStatus: ApprovalStatus | null;
  /** [startDate, endDate] as "YYYY-MM-DD", or null for no date bound. */
  range: [string, string] | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getFullYear() === Number(m[1]) && d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]);
}

/**
 * The default filters: no title or status, and the server's six-month range (getSixMonthDate)
 * when it answered a usable one; otherwise no date bound (never an invented range).
 */
export function defaultFilters(sixMonths: { startDate: string; endDate: string } | null | undefined): TaskFilters {
  const usable = sixMonths && isRealDate(sixMonths.startDate) && isRealDate(sixMonths.endDate) && sixMonths.startDate <= sixMonths.endDate;
  return { title: "", processStatus: null, approvalStatus: null, range: usable ? [sixMonths.startDate, sixMonths.endDate] : null };
}

/** Whether the title filter is too long for the contract (the form refuses it with a message). */
export const titleTooLong = (title: string) => title.trim().length > TITLE_MAX;

/** The getTaskPage body of a list, filters and page. */
export function taskQuery(list: ListKey, initiated: InitiatedView, filters: TaskFilters, page: number, pageSize: number, userId?: number): TaskPageQuery {
  const body: TaskPageQuery = { page, pageSize, taskStatus: null, completeStatus: null, ...listParams(list, initiated) };
  if (userId !== undefined) body.userId = userId;
  const title = filters.title.trim();
  if (title) body.title = title;
  if (filters.processStatus !== null) body.processStatus = filters.processStatus;
  if (filters.approvalStatus !== null) body.approvalStatus = filters.approvalStatus;
  if (filters.range) {
    body.startDate = filters.range[0];
    body.endDate = filters.range[1];
  }
  return body;
}
