// Issue 24 in the admin: the e-sign settings screen (a card per action, a switch and a meaning,
// saved at once), the moderation decision opening the signature dialog when the setting says so
// (and sending the signature with it), the signatures shown with a record, and the return from a
// fresh SSO login for signing.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { envelope, json } from "../../api/test-support";
import { renderAdmin, setUpAdminTests } from "../test-support";
import { saveSignDraft, signReturnPath, useSignReturn } from "./signReturn";

// jsdom's realm cannot hand WebCrypto its buffers (shared/crypto.test.ts runs in node for that).
vi.mock("../../shared/crypto", () => ({ encryptPassword: async (pem: string, password: string) => `rsa(${pem}):${password.length}` }));
vi.mock("./contentHash", () => ({ sha256Hex: async (text: string) => `${text.length}`.padStart(64, "a") }));

setUpAdminTests();

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const bodies = (requests: Request[], url: string, method = "POST") =>
  Promise.all(requests.filter((r) => r.url.includes(url) && r.method === method).map((r) => r.clone().json() as Promise<Record<string, unknown>>));

type Setting = { action: string; required: boolean; meaning: string };
function settingsService(settings: Setting[], extra: Record<string, () => Response> = {}) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/portal-api/, "");
    if (path === "/esign/settings" && request.method === "GET") return ok(settings);
    if (path === "/esign/settings" && request.method === "PUT") {
      const body = (await request.clone().json()) as Setting;
      settings = settings.map((s) => (s.action === body.action ? body : s));
      return ok(body);
    }
    const answer = extra[path];
    return answer ? answer() : json(404, envelope(404, "不存在", "Not found"));
  };
}

describe("the e-sign settings screen", () => {
  it("shows a card per action and saves a switch or a meaning at once", async () => {
    const service = settingsService([
      { action: "privacyPublish", required: false, meaning: "approved" },
      { action: "complaintModeration", required: false, meaning: "reviewed" },
    ]);
    const { requests } = renderAdmin({ path: "/main/esignSettings", service });
    const card = (await screen.findByText("Publishing a privacy-policy version")).closest("[data-action]")!;
    expect(card.getAttribute("data-action")).toBe("privacyPublish");
    expect(screen.getByText("Approving or rejecting a complaint or reply")).toBeTruthy();

    fireEvent.click(within(card as HTMLElement).getByRole("switch", { name: "Signature required for: Publishing a privacy-policy version" }));
    await waitFor(async () => expect(await bodies(requests, "/esign/settings", "PUT")).toEqual([{ action: "privacyPublish", required: true, meaning: "approved" }]));
    await waitFor(() => expect(within(card as HTMLElement).getByRole("switch").getAttribute("aria-checked")).toBe("true"));
  });
});

describe("a moderation decision when the setting requires a signature", () => {
  const complaint = { id: 7, content: "The canteen closes too early", parentId: null, reviewStatus: 0, replyCount: 0, userId: 2, userName: "Zhang Wei", likes: 0, dislikes: 0, rejectReason: null, createTime: "2026-11-20 09:00:00" };
  const service = (required: boolean) =>
    settingsService([{ action: "complaintModeration", required, meaning: "reviewed" }], {
      "/talkShow/pageTalkShowList": () => ok({ records: [complaint], total: 1, page: 1, pageSize: 10 }),
      "/talkShow/getCheckTalkShowStatus": () => ok(true),
      "/talkShow/checkTalkShow": () => ok(7),
      "/esign/status": () => ok({ method: "password", ssoReady: false, ssoReadyUntil: null }),
      "/sysUserEx/getPublicKey": () => ok({ publicKey: "PEM", captchaEnabled: false }),
    });

  it("approving opens the signature dialog, and the decision is sent with the signature", async () => {
    const { requests } = renderAdmin({ path: "/main/roastList", service: service(true) });
    const row = (await screen.findByRole("link", { name: "The canteen closes too early" })).closest("tr")!;
    await waitFor(() => expect(requests.some((r) => r.url.includes("/esign/settings"))).toBe(true));
    fireEvent.click(within(row).getByRole("button", { name: /Approve/ }));
    fireEvent.click(await screen.findByRole("button", { name: "OK" }));
    // (antd names every dialog's title "test-id" under test: found by its title's text)
    const dialog = (await screen.findByText("Electronic signature")).closest<HTMLElement>("[role=dialog]")!;
    expect(dialog.textContent).toContain("approving complaint or reply no. 7");
    expect(dialog.textContent).toContain("Reviewed");
    expect(await bodies(requests, "/talkShow/checkTalkShow")).toEqual([]);
    fireEvent.change(await within(dialog).findByLabelText("Your password"), { target: { value: "Admin@12345" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign" }));
    await waitFor(async () =>
      expect(await bodies(requests, "/talkShow/checkTalkShow")).toEqual([{ id: 7, reviewStatus: 1, signature: { method: "password", password: "rsa(PEM):11" } }]),
    );
  });

  it("off: approving sends the decision without a dialog, as before", async () => {
    const { requests } = renderAdmin({ path: "/main/roastList", service: service(false) });
    const row = (await screen.findByRole("link", { name: "The canteen closes too early" })).closest("tr")!;
    await waitFor(() => expect(requests.some((r) => r.url.includes("/esign/settings"))).toBe(true));
    fireEvent.click(within(row).getByRole("button", { name: /Approve/ }));
    fireEvent.click(await screen.findByRole("button", { name: "OK" }));
    await waitFor(async () => expect(await bodies(requests, "/talkShow/checkTalkShow")).toEqual([{ id: 7, reviewStatus: 1 }]));
    expect(screen.queryByText("Electronic signature")).toBeNull();
  });
});

describe("the signatures of a privacy-policy version", () => {
  it("are shown with its full text", async () => {
    const version = { id: 2, policyVersion: "1.1.0", policyContent: "Policy 1.1.0", acceptedCount: 1, current: true, createTime: "2024-02-01 09:00:00" };
    const signature = { id: 5, printedName: "Admin Person", userName: "admin", signedAt: "2026-11-20 10:00:00", timeZone: "Asia/Shanghai", meaning: "approved", method: "password", recordType: "privacyPolicy", recordId: "2", contentHash: "b".repeat(64) };
    const service = settingsService([], {
      "/bscPrivacyPolicy/page": () => ok({ records: [version], total: 1, page: 1, pageSize: 10 }),
      "/bscPrivacyPolicy": () => ok(version),
      "/esign/signatures": () => ok([signature]),
    });
    const { requests } = renderAdmin({ path: "/main/privacyPolicyList", service });
    fireEvent.click(await screen.findByRole("button", { name: "Full text: version 1.1.0" }));
    const dialog = await screen.findByRole("dialog", { name: "Privacy policy 1.1.0" });
    await within(dialog).findByText(/Signed by Admin Person \(admin\) on 2026-11-20 10:00:00 \(Asia\/Shanghai\): Approved/);
    const asked = requests.find((r) => r.url.includes("/esign/signatures"))!;
    expect(new URL(asked.url).searchParams.toString()).toBe("recordType=privacyPolicy&recordId=2");
  });
});

describe("coming back from a fresh SSO login for signing", () => {
  function Probe({ onState }: { onState: (s: unknown) => void }) {
    const state = useSignReturn<{ reviewStatus: number }>((tag) => tag === "review-7");
    const location = useLocation();
    onState({ ...state, search: location.search });
    return null;
  }
  const run = (entry: string) => {
    const seen: any[] = [];
    render(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="*" element={<Probe onState={(s) => seen.push(s)} />} />
        </Routes>
      </MemoryRouter>,
    );
    return seen;
  };

  it("the return path names what was being signed, and drops an earlier refusal", () => {
    expect(signReturnPath("review-7", { pathname: "/main/roastList", search: "?page=2&esignRefused=stale" })).toBe("/main/roastList?page=2&esign=review-7");
  });

  it("gives back the draft kept for the tag and cleans the address", async () => {
    saveSignDraft("review-7", { reviewStatus: 2 });
    const seen = run("/main/roastList?esign=review-7");
    expect(seen[0]).toMatchObject({ tag: "review-7", draft: { reviewStatus: 2 }, refused: null });
    await waitFor(() => expect(seen.at(-1).search).toBe(""));
    expect(sessionStorage.getItem("esignDraft")).toBeNull();
  });

  it("names a refusal; another page's tag or an unknown reason is ignored", () => {
    saveSignDraft("review-7", { reviewStatus: 1 });
    expect(run("/main/roastList?esign=review-7&esignRefused=otherPerson")[0]).toMatchObject({ tag: "review-7", refused: "otherPerson" });
    expect(run("/main/roastList?esign=review-9&esignRefused=stale")[0]).toMatchObject({ tag: null, draft: null, refused: null });
    expect(run("/main/roastList?esign=review-7&esignRefused=bogus")[0]).toMatchObject({ refused: null });
  });
});
