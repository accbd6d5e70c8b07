// @vitest-environment node
// Node's WebCrypto is the same API the browser offers; jsdom's realm would hand it foreign
// ArrayBuffers, so this test runs in node.
import { describe, expect, it } from "vitest";

import { encryptPassword, pemToDer } from "./crypto";
import { rsaTestKeyPair } from "./testKeys";


describe("encryptPassword", () => {
  it("gives base64 that the private key decrypts back to the UTF-8 password", async () => {
    const { pem, privateKey } = await rsaTestKeyPair();
    const encrypted = await encryptPassword(pem, "Staff@12345 密码");
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const plain = await crypto.subtle.decrypt(
      { name: "RSA-OAEP" },
      privateKey,
      Buffer.from(encrypted, "base64"),
    );
    expect(new TextDecoder().decode(plain)).toBe("Staff@12345 密码");
  });

  it("is randomised (OAEP), so equal passwords do not give equal ciphertexts", async () => {
    const { pem } = await rsaTestKeyPair();
    expect(await encryptPassword(pem, "x")).not.toBe(await encryptPassword(pem, "x"));
  });

  it("refuses a PEM without a body", () => {
    expect(() => pemToDer("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----")).toThrow();
  });
});
