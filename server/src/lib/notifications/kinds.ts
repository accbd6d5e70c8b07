// Issue 23: what a notification can be about. The client renders each kind's text from its own
// locale files with the event's params; the server never sends a sentence.

/** Kinds stored as notifications (the bell's list) and offered in the preferences. */
export const NOTIFICATION_KINDS = [
  /** A task came to wait on the person (received, not handled; params taskName, taskSponsor, approval). Record: task. */
  "taskPending",
  /** A reply to the person's complaint was published (params replyId). Record: talkShow (the complaint). */
  "complaintReplied",
  /** A moderator approved or rejected the person's complaint or reply (params reviewStatus, rejectReason, isReply). Record: talkShow. */
  "complaintDecided",
  /** A new privacy-policy version waits for the person's acceptance (params policyVersion). Record: privacyPolicy. */
  "privacyPolicyPublished",
  /** An administrator changed the person's roles (params roleCodes, the roles now held). Record: user. */
  "roleChanged",
  /**
   * A policy in a folder the person follows (or in a folder below one) was published or approved
   * again (params policyId, title, folderId, folderName, change "published" | "updated"). Record: policy.
   */
  "policyChanged",
  /**
   * Issue 24: a read-and-acknowledge campaign asks the person to read a policy version by a date
   * (params campaignId, campaignTitle, policyId, title, versionNumber, dueDate, signatureRequired). Record: policy.
   */
  "readRequested",
  /** Issue 24: an administrator reminds the person of a pending read request (same params as readRequested). Record: policy. */
  "readReminder",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Count events: sent to open streams only, never stored (the new figures replace the old ones; a
 * client that missed one reads the figures again when it reconnects).
 */
export const COUNT_KINDS = ["taskCounts", "moderationCounts"] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

/** The permission (a menu url) whose holders receive the moderation counts: the admin home shows them. */
export const MODERATION_COUNTS_PERMISSION = "/home";
