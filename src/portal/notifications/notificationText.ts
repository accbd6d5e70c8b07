// A notification's sentence in the language in use, and where it leads. The server sends the kind
// and its values (NotificationKind in the contract), never a sentence, so the text follows the
// CN/EN toggle; a kind this page does not know yet still gets a sentence, never a raw key.
import type { TFunction } from "i18next";

import { consentSignal } from "../../shared/consent";

export interface NotificationLike {
  kind: string;
  params: Record<string, unknown>;
  record?: { type: string; id: number | null } | null;
}

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

export function notificationText(t: TFunction, n: NotificationLike): string {
  const p = n.params ?? {};
  switch (n.kind) {
    case "taskPending":
      return p.taskSponsor
        ? t("notifications:kinds.taskPendingFrom", { task: text(p.taskName), sponsor: text(p.taskSponsor) })
        : t("notifications:kinds.taskPending", { task: text(p.taskName) });
    case "complaintReplied":
      return t("notifications:kinds.complaintReplied");
    case "complaintDecided": {
      const what = t(p.isReply ? "notifications:kinds.yourReply" : "notifications:kinds.yourComplaint");
      if (Number(p.reviewStatus) === 1) return t("notifications:kinds.approved", { what });
      return p.rejectReason
        ? t("notifications:kinds.rejectedBecause", { what, reason: text(p.rejectReason) })
        : t("notifications:kinds.rejected", { what });
    }
    case "privacyPolicyPublished":
      return t("notifications:kinds.privacyPolicyPublished", { version: text(p.policyVersion) });
    case "roleChanged":
      return t("notifications:kinds.roleChanged");
    case "policyChanged":
      return t(p.change === "updated" ? "notifications:kinds.policyUpdated" : "notifications:kinds.policyPublished", {
        title: text(p.title),
        folder: text(p.folderName),
      });
    case "readRequested":
    case "readReminder":
      return t(`notifications:kinds.${n.kind}${p.signatureRequired ? "Signed" : ""}`, { title: text(p.title), due: text(p.dueDate) });
    default:
      return t("notifications:kinds.other");
  }
}

/** Where a notification leads: a page of the shell, or the privacy dialog asked for again. */
export type NotificationTarget = { path: string } | { privacy: true } | null;

export function notificationTarget(n: NotificationLike): NotificationTarget {
  switch (n.kind) {
    case "taskPending":
      return { path: "/main/missionCenterIndex" };
    case "complaintReplied":
    case "complaintDecided":
      return { path: "/main/teasingList" };
    case "privacyPolicyPublished":
      return { privacy: true };
    case "roleChanged":
      return { path: "/main/people" };
    case "policyChanged":
    case "readRequested":
    case "readReminder": {
      // the help centre's detail page (help/parts.tsx detailPath; the portal's pages import no admin code)
      const id = n.record?.id ?? Number(n.params?.policyId);
      return Number.isInteger(id) && id > 0 ? { path: `/main/helpDetail?id=${id}` } : null;
    }
    default:
      return null;
  }
}

/** Opens the privacy-policy dialog of the first-login flow (it asks the server for the version). */
export const askPrivacyAgain = (): void => consentSignal.raise();
