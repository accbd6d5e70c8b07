// Answers shaped by the compliance contract's types (openapi/schemas/compliance.yaml), for the
// staff side's component tests: a wrong field fails the type check, not only the test.
import type { components } from "../../../api/schema";
import type { AcknowledgementStatus, ToReadItem } from "./api";

type Signature = components["schemas"]["Signature"];

export const HASH = "a".repeat(64);

export const toReadItem = (campaignId: number, extra: Partial<ToReadItem> = {}): ToReadItem => ({
  campaignId,
  campaignTitle: `Campaign ${campaignId}`,
  policyId: 10 + campaignId,
  policyVersionId: 100 + campaignId,
  policyTitle: `Policy ${campaignId}`,
  versionNumber: "2.0",
  dueDate: "2026-12-01",
  state: "pending",
  signatureRequired: false,
  doneAt: null,
  ...extra,
});

export const signature = (extra: Partial<Signature> = {}): Signature => ({
  id: 9,
  printedName: "张伟",
  userName: "zhangwei",
  signedAt: "2026-11-27 10:00:00",
  timeZone: "Asia/Shanghai",
  meaning: "readUnderstood",
  method: "password",
  recordType: "policyVersion",
  recordId: "101",
  contentHash: HASH,
  ...extra,
});

export const ackStatus = (extra: Partial<AcknowledgementStatus> = {}): AcknowledgementStatus => ({
  policyId: 1,
  policyVersionId: 101,
  versionNumber: "2.0",
  contentHash: HASH,
  requested: true,
  signatureRequired: false,
  meaning: "readUnderstood",
  dueDate: "2026-12-01",
  acknowledgement: null,
  ...extra,
});
