import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { selfSignedCertificate } from "../../src/lib/saml/certificate.ts";

// Drives server/test/support/pysaml2-idp.py: Debian's python3-pysaml2 with xmlsec1 as the
// identity provider, a SAML implementation the portal did not write (issue 19). .ci/run installs
// python3-pysaml2 and xmlsec1 when missing.

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "pysaml2-idp.py");
/** Debian's interpreter, where python3-pysaml2 is installed (a pyenv python3 on PATH would not have it). */
export const PYTHON = "/usr/bin/python3";

export interface IdpKey {
  keyPem: string;
  certPem: string;
}

/** A new RSA key with a self-signed certificate, as an IdP's signing key. */
export function makeIdpKey(commonName: string): IdpKey {
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return { keyPem, certPem: selfSignedCertificate(keyPem, commonName) };
}

export interface WebUser {
  nameId: string;
  attributes?: Record<string, string[]>;
  signResponse?: boolean;
  signAssertion?: boolean;
}

export interface Pysaml2Options {
  entityId: string;
  /** Where the IdP's own endpoints are (its metadata); with `port`, its real address. */
  baseUrl: string;
  port?: number;
  /** The portal's SP metadata (GET /portal-api/sso/metadata). */
  spMetadata: string;
  /** Signing keys by name; a request picks one with `signer` (the first by default). */
  keys: Record<string, IdpKey>;
  webUser?: WebUser;
}

export interface Pysaml2Idp {
  port: number;
  /** POST /api/<name> with a JSON body; answers the JSON (throws with pysaml2's traceback on failure). */
  call<T = any>(name: "authn-response" | "logout-request" | "logout-answer", body: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** Starts the IdP on a loopback port; budget 60 s for Python to import pysaml2 on a loaded machine. */
export async function startPysaml2Idp(o: Pysaml2Options): Promise<Pysaml2Idp> {
  const dir = mkdtempSync(path.join(tmpdir(), "pysaml2-idp-"));
  const keys: Record<string, { key: string; cert: string }> = {};
  for (const [name, k] of Object.entries(o.keys)) {
    keys[name] = { key: path.join(dir, `${name}.key`), cert: path.join(dir, `${name}.crt`) };
    writeFileSync(keys[name].key, k.keyPem, { mode: 0o600 });
    writeFileSync(keys[name].cert, k.certPem);
  }
  const spMetadata = path.join(dir, "sp-metadata.xml");
  writeFileSync(spMetadata, o.spMetadata);
  const args = { entityId: o.entityId, baseUrl: o.baseUrl, port: o.port ?? 0, spMetadata, keys, webUser: o.webUser };
  const child: ChildProcess = spawn(PYTHON, [SCRIPT, JSON.stringify(args)], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pysaml2 IdP did not start in 60 s: ${stderr}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`pysaml2 IdP exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout! }).once("line", (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
  });
  return {
    port,
    async call(name, body) {
      const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, { method: "POST", body: JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`pysaml2 /api/${name}: ${res.status} ${text}`);
      return JSON.parse(text);
    },
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin!.end();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
