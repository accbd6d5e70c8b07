import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { serverKeys } from "../db/schema.ts";
import { badRequest } from "./errors.ts";

/**
 * The RSA key pair that encrypts passwords in transport (RSA-OAEP-SHA256). Made once and kept in
 * the database so every instance behind a load balancer decrypts with the same key.
 */
export async function loadTransportKey(db: Db) {
  let [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, "transport"));
  if (!row) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    await db.insert(serverKeys).values({ name: "transport", publicPem: publicKey, privatePem: privateKey }).onConflictDoNothing();
    [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, "transport"));
  }
  const privateKey = crypto.createPrivateKey(row.privatePem);
  return {
    publicPem: row.publicPem,
    /** Decrypts a base64 ciphertext made by the browser with WebCrypto RSA-OAEP SHA-256. */
    decrypt(ciphertext: string, field = "password"): string {
      try {
        return crypto
          .privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(ciphertext, "base64"))
          .toString("utf8");
      } catch {
        throw badRequest(field, "encryption", "密码未按要求加密，请刷新页面后重试", "The password was not encrypted as required; reload the page and try again");
      }
    },
    /** What a browser does, for tests and scripts. */
    encrypt(plain: string): string {
      return crypto
        .publicEncrypt({ key: row.publicPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain, "utf8"))
        .toString("base64");
    },
  };
}
export type TransportKey = Awaited<ReturnType<typeof loadTransportKey>>;
