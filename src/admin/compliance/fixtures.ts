// Answers shaped by the compliance contract's types, for the campaign screens' component tests.
import type { Campaign } from "./api";

export const campaign = (extra: Partial<Campaign> = {}): Campaign => ({
  id: 7,
  title: "Travel policy 2026",
  policyId: 3,
  policyTitle: "Travel policy",
  versionNumber: "2.0",
  dueDate: "2026-12-31",
  signatureRequired: true,
  status: 1,
  superseded: false,
  createdAt: "2026-11-27 09:00:00",
  createdBy: "系统管理员",
  version: 4,
  total: 10,
  done: 4,
  pending: 4,
  overdue: 2,
  policyVersionId: 30,
  contentHash: "b".repeat(64),
  restartedAt: null,
  targets: { depts: [{ id: 2, name: "Cardiology" }], roles: [], users: [] },
  ...extra,
});
