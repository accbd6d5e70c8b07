import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { esignSettings, type SignatureMeaning } from "../../db/schema.ts";
import type { components } from "../../../../src/api/schema.d.ts";
import { createSignature, type SignatureCredential, type SignatureView, type SignedRecordType } from "./sign.ts";

// Issue 24: an action may need an electronic signature, as a setting per action (seeded off by
// migration 0017). The setting is read in the action's own transaction, so a change takes effect
// for the next action; when on, the signature is made in that transaction or nothing is done.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type EsignAction = components["schemas"]["EsignAction"];
export type EsignSetting = components["schemas"]["EsignSetting"];

export const ESIGN_ACTIONS: readonly EsignAction[] = ["privacyPublish", "complaintModeration"];

/** What an action is signed with when there is no row (a database older than its seed): off. */
const DEFAULT_MEANING: Record<EsignAction, SignatureMeaning> = { privacyPublish: "approved", complaintModeration: "reviewed" };

export async function esignSettingsOf(db: Db | Tx): Promise<EsignSetting[]> {
  const rows = await db.select().from(esignSettings);
  return ESIGN_ACTIONS.map((action) => {
    const row = rows.find((r) => r.action === action);
    return { action, required: row?.required ?? false, meaning: row?.meaning ?? DEFAULT_MEANING[action] };
  });
}

export async function esignSettingOf(db: Db | Tx, action: EsignAction): Promise<EsignSetting> {
  const [row] = await db.select().from(esignSettings).where(eq(esignSettings.action, action));
  return { action, required: row?.required ?? false, meaning: row?.meaning ?? DEFAULT_MEANING[action] };
}

/**
 * In the action's transaction: when the action's setting requires it, the signature (403 4031
 * without a credential, which rolls the action back); otherwise null (a credential is then not used).
 */
export async function signIfRequired(
  tx: Tx,
  req: FastifyRequest,
  action: EsignAction,
  record: { recordType: SignedRecordType; recordId: string | number; contentHash: string; credential: SignatureCredential | undefined },
): Promise<SignatureView | null> {
  const setting = await esignSettingOf(tx, action);
  if (!setting.required) return null;
  return createSignature(tx, req, { meaning: setting.meaning, ...record });
}
