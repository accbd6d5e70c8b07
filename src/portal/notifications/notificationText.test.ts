// Issue 23: the policyChanged notification's sentence in both languages and where it leads (the
// help centre's detail of the policy).
import { describe, expect, it } from "vitest";

import { i18n, setLanguage } from "../../i18n";
import { notificationTarget, notificationText } from "./notificationText";

const changed = (change: string) => ({
  kind: "policyChanged",
  record: { type: "policy", id: 41 },
  params: { policyId: 41, title: "Travel allowance", folderId: 3, folderName: "HR rules", change },
});

describe("policyChanged", () => {
  it("says what happened to which policy in which folder, in the language in use", async () => {
    await setLanguage("en");
    expect(notificationText(i18n.t, changed("published"))).toBe("Travel allowance in HR rules was published");
    expect(notificationText(i18n.t, changed("updated"))).toBe("Travel allowance in HR rules was updated");
    await setLanguage("cn");
    expect(notificationText(i18n.t, changed("published"))).toBe("“HR rules”中的“Travel allowance”已发布");
    expect(notificationText(i18n.t, changed("updated"))).toBe("“HR rules”中的“Travel allowance”已更新");
  });

  it("leads to the policy's detail page", () => {
    expect(notificationTarget(changed("updated"))).toEqual({ path: "/main/helpDetail?id=41" });
    expect(notificationTarget({ ...changed("published"), record: null })).toEqual({ path: "/main/helpDetail?id=41" });
    expect(notificationTarget({ kind: "policyChanged", record: null, params: {} })).toBeNull();
  });
});

// Issue 24: a read request and its reminder, with or without a signature, lead to the policy's detail page.
const asked = (kind: string, signatureRequired: boolean) => ({
  kind,
  record: { type: "policy", id: 7 },
  params: { campaignId: 2, campaignTitle: "Q4 reading", policyId: 7, title: "Cleanroom SOP", versionNumber: "1.0.0", dueDate: "2026-12-31", signatureRequired },
});

describe("readRequested and readReminder", () => {
  it("asks to read the policy by the due date, to sign where a signature is required, in the language in use", async () => {
    await setLanguage("en");
    expect(notificationText(i18n.t, asked("readRequested", false))).toBe("Please read Cleanroom SOP by 2026-12-31 and confirm you have read it");
    expect(notificationText(i18n.t, asked("readRequested", true))).toBe("Please read Cleanroom SOP by 2026-12-31 and sign that you have read it");
    expect(notificationText(i18n.t, asked("readReminder", false))).toBe("Reminder: please read Cleanroom SOP by 2026-12-31 and confirm you have read it");
    await setLanguage("cn");
    expect(notificationText(i18n.t, asked("readReminder", true))).toBe("提醒：请在 2026-12-31 前阅读《Cleanroom SOP》并签名确认已阅读");
  });

  it("leads to the policy's detail page", () => {
    expect(notificationTarget(asked("readRequested", false))).toEqual({ path: "/main/helpDetail?id=7" });
    expect(notificationTarget(asked("readReminder", true))).toEqual({ path: "/main/helpDetail?id=7" });
  });
});
