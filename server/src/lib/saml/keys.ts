import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { serverKeys } from "../../db/schema.ts";
import { selfSignedCertificate } from "./certificate.ts";
import { isSealed, openPrivateKey, sealPrivateKey } from "./sealedKey.ts";

export interface SigningIdentity {
  publicPem: string;
  privatePem: string;
  /** A self-signed certificate of the key (published in metadata, imported by the IdP). */
  certPem: string;
}

export const SP_KEY = "saml-sp";
export const DEV_IDP_KEY = "dev-idp";

export interface KeyOptions {
  /** Encrypts the private key at rest; without it the key is stored as PEM (the README says so). */
  secret: string | undefined;
  /** The certificate's subject. */
  commonName: string;
}

const SECRET_VARS = "SAML_SP_KEY_SECRET (or SECRET_KEY)";

// One load per database and key name for the life of the process (the key never changes while it
// runs; opening a sealed key costs a scrypt).
const loaded = new WeakMap<Db, Map<string, Promise<SigningIdentity>>>();

/**
 * An RSA-2048 key with its certificate, kept in sys_server_key under `name` and made on first use,
 * so every instance sharing the database signs with the same key (the SP's AuthnRequest and
 * LogoutRequest key, the dev IdP's key). Rows written before certificates and sealing existed are
 * brought up to date here (the migration adds the columns; only the running server has the secret):
 * a certificate is made for the existing key, and the key is sealed once a secret is configured.
 * A sealed key without the right secret stops the start with a message naming the variable.
 */
export function loadSigningIdentity(db: Db, name: string, options: KeyOptions): Promise<SigningIdentity> {
  let byName = loaded.get(db);
  if (!byName) loaded.set(db, (byName = new Map()));
  let identity = byName.get(name);
  if (!identity) {
    identity = load(db, name, options);
    identity.catch(() => byName.delete(name));
    byName.set(name, identity);
  }
  return identity;
}

async function load(db: Db, name: string, { secret, commonName }: KeyOptions): Promise<SigningIdentity> {
  let [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    await db
      .insert(serverKeys)
      .values({ name, publicPem: publicKey, privatePem: secret ? sealPrivateKey(privateKey, secret) : privateKey, certPem: selfSignedCertificate(privateKey, commonName) })
      .onConflictDoNothing();
    [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  }

  let privatePem = row.privatePem;
  if (isSealed(privatePem)) {
    if (!secret) throw new Error(`The signing key "${name}" in the database is encrypted: set ${SECRET_VARS} to the secret it was encrypted with`);
    try {
      privatePem = openPrivateKey(privatePem, secret);
    } catch (e) {
      throw new Error(`The signing key "${name}" in the database: ${(e as Error).message}; check ${SECRET_VARS}`);
    }
  } else if (secret) {
    // Sealed from now on; the condition keeps a concurrent instance's sealing (same key either way).
    await db
      .update(serverKeys)
      .set({ privatePem: sealPrivateKey(privatePem, secret) })
      .where(and(eq(serverKeys.name, name), eq(serverKeys.privatePem, privatePem)));
  }

  let certPem = row.certPem;
  if (!certPem) {
    await db
      .update(serverKeys)
      .set({ certPem: selfSignedCertificate(privatePem, commonName) })
      .where(and(eq(serverKeys.name, name), isNull(serverKeys.certPem)));
    [{ certPem }] = (await db.select({ certPem: serverKeys.certPem }).from(serverKeys).where(eq(serverKeys.name, name))) as { certPem: string }[];
  }
  return { publicPem: row.publicPem, privatePem, certPem };
}
