// The electronic-signature dialog (issue 24): a password session types the password again, sent
// RSA-OAEP encrypted (never in clear) as method password; a refused password leaves the dialog open
// and empty; an SSO session without a fresh login is sent to the identity provider (the address the
// server answers) and comes back to returnTo; with one, it signs as method sso. The manifest shows
// the printed name, the meaning and the content's fingerprint before signing.
import crypto from "node:crypto";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { envelope, json, testClient } from "../../api/test-support";
import { providersWrapper } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import { SignDialog, type SignatureCredential } from "./SignDialog";

// WebCrypto refuses jsdom's typed arrays (src/auth/authProvider.test.ts): the same RSA-OAEP-SHA256
// under the given key, made with Node's crypto. A browser without WebCrypto is the "unencrypted" case.
const encryption = vi.hoisted(() => ({ broken: false }));
vi.mock("../../shared/crypto", async () => {
  const nodeCrypto = await import("node:crypto");
  return {
    encryptPassword: async (pem: string, password: string) => {
      if (encryption.broken) throw new Error("no WebCrypto");
      return nodeCrypto
        .publicEncrypt({ key: pem, padding: nodeCrypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(password, "utf8"))
        .toString("base64");
    },
  };
});

const SLOW = { timeout: 60_000 };
const HASH = "ab".repeat(32);
const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});
const decrypt = (b64: string) =>
  crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(b64, "base64")).toString("utf8");

type Status = { method: "password" | "sso"; ssoReady: boolean; ssoReadyUntil: string | null };

function renderDialog(status: Status, onSign: (c: SignatureCredential) => Promise<unknown>) {
  const t = testClient(async (request) => {
    const path = new URL(request.url).pathname.replace("/portal-api", "");
    if (path === "/esign/status") return ok(status);
    if (path === "/sysUserEx/getPublicKey") return ok({ publicKey, captchaEnabled: false });
    if (path === "/esign/sso/start") return ok({ redirectUrl: "https://idp.example/sso?SAMLRequest=x" });
    if (path.includes("getUserInfo")) return ok({ id: 2, userName: "zhangwei", realName: "张伟", roles: [] });
    return json(404, envelope(404, "", ""));
  });
  render(
    <SignDialog open meaning="readUnderstood" subject="Travel policy 2.0" contentHash={HASH} returnTo="/main/helpDetail?id=1&sign=1" onSign={onSign} onCancel={() => undefined} />,
    { wrapper: providersWrapper(t.client) },
  );
  return t;
}

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  encryption.broken = false;
});

describe("sign dialog", SLOW, () => {
  it("shows what the signature says, then signs with the password sent encrypted", async () => {
    const onSign = vi.fn(async (_c: SignatureCredential) => undefined);
    renderDialog({ method: "password", ssoReady: false, ssoReadyUntil: null }, onSign);
    const dialog = await screen.findByRole("dialog", { name: "Electronic signature" });
    expect(within(dialog).getByText(/"Read and understood" for Travel policy 2.0/)).toBeTruthy();
    expect(within(dialog).getByText(`${HASH.slice(0, 16)}…`)).toBeTruthy();
    fireEvent.change(await within(dialog).findByLabelText("Your password"), { target: { value: "Staff@12345" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    const credential = onSign.mock.calls[0][0];
    expect(credential.method).toBe("password");
    expect(credential.password).not.toContain("Staff@12345");
    expect(decrypt(credential.password!)).toBe("Staff@12345");
  });

  it("keeps the dialog open and empties the password when the signature is refused", async () => {
    const onSign = vi.fn(async () => {
      throw new Error("wrong password");
    });
    renderDialog({ method: "password", ssoReady: false, ssoReadyUntil: null }, onSign);
    const field = await screen.findByLabelText("Your password");
    fireEvent.change(field, { target: { value: "wrong-one1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((screen.getByLabelText("Your password") as HTMLInputElement).value).toBe(""));
    expect(screen.getByRole("dialog", { name: "Electronic signature" })).toBeTruthy();
  });

  it("says so, and sends nothing, when the browser cannot encrypt the password", async () => {
    encryption.broken = true;
    const onSign = vi.fn(async () => undefined);
    renderDialog({ method: "password", ssoReady: false, ssoReadyUntil: null }, onSign);
    fireEvent.change(await screen.findByLabelText("Your password"), { target: { value: "Staff@12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign" }));
    expect(await screen.findByText(/could not be encrypted in this browser/)).toBeTruthy();
    expect(onSign).not.toHaveBeenCalled();
  });

  it("sends an SSO session to the identity provider, to come back to returnTo", async () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    const onSign = vi.fn(async () => undefined);
    const t = renderDialog({ method: "sso", ssoReady: false, ssoReadyUntil: null }, onSign);
    expect(screen.queryByLabelText("Your password")).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Sign in again to sign" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://idp.example/sso?SAMLRequest=x"));
    const start = t.requests.find((r) => r.url.endsWith("/esign/sso/start"))!;
    expect(await start.clone().json()).toEqual({ returnTo: "/main/helpDetail?id=1&sign=1" });
    expect(onSign).not.toHaveBeenCalled();
  });

  it("signs with a fresh SSO login as method sso", async () => {
    const onSign = vi.fn(async (_c: SignatureCredential) => undefined);
    renderDialog({ method: "sso", ssoReady: true, ssoReadyUntil: "2026-11-27 10:05:00" }, onSign);
    fireEvent.click(await screen.findByRole("button", { name: "Sign" }));
    await waitFor(() => expect(onSign).toHaveBeenCalledWith({ method: "sso" }));
  });
});
