import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { serverKeys } from "../../db/schema.ts";

export interface KeyPair {
  publicPem: string;
  privatePem: string;
}

/**
 * An RSA-2048 key pair kept in sys_server_key under `name`, made on first use. Every instance
 * sharing the database signs with the same key (the SP's AuthnRequest key, the dev IdP's key).
 */
export async function loadKeyPair(db: Db, name: string): Promise<KeyPair> {
  let [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    await db.insert(serverKeys).values({ name, publicPem: publicKey, privatePem: privateKey }).onConflictDoNothing();
    [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  }
  return { publicPem: row.publicPem, privatePem: row.privatePem };
}

export const SP_KEY = "saml-sp";
export const DEV_IDP_KEY = "dev-idp";
