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
