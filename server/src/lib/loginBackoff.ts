import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginThrottle } from "../db/schema.ts";
import { clearFailures, countFailures, stateOf, takeAttempt } from "./throttle.ts";
import { tooFrequent } from "./errors.ts";

/**
 * Password-login back-off that nobody can aim at someone else (issue 20). Before it, failures
 * locked the account (anyone who knew a name could lock its owner out) and the client address (a
 * stranger's guesses locked everyone behind the same office NAT). Now:
 *
 * - one account from one client address (`pair:`) is locked after 5 failures, 2^n s, at most
 *   15 min: a brute force from one client against one account stops; the owner signing in from
 *   another address is not affected;
 * - the account across all clients (`acct:`) and the client across all accounts (`ip:`) are only
 *   counted: from ACCOUNT_CAPTCHA_AFTER (resp. CLIENT_CAPTCHA_AFTER) failures within the quiet hour
 *   every attempt on that account (from that client) must solve a captcha, also where
 *   CAPTCHA_ENABLED=false. Never a lock: a person who solves it signs in. Where the captcha is on
 *   (the default) every attempt already needs one, and that is what slows a guess spread over
 *   many addresses.
 *
 * Unknown names are counted exactly like real ones, so neither the lock nor the captcha tells
 * whether an account exists. The per-minute login rate per address (LOGIN_RATE_LIMIT_PER_MINUTE)
 * is a separate limit and stays.
 */
export const ACCOUNT_CAPTCHA_AFTER = 10;
export const CLIENT_CAPTCHA_AFTER = 20;

export interface LoginKeys {
  pair: string;
  account: string;
  client: string;
}

/** User names are case-insensitive for the back-off (the form's rule allows letters and digits only). */
export function loginKeys(userName: string, clientAddress: string): LoginKeys {
  const account = userName.toLowerCase();
  return { pair: `pair:${account}|${clientAddress}`, account: `acct:${account}`, client: `ip:${clientAddress}` };
}

/** Before any work: 429 while this account is locked for this client; whether a captcha is due. */
export async function loginBackoffState(db: Db, keys: LoginKeys): Promise<{ captchaRequired: boolean }> {
  const state = await stateOf(db, [keys.pair, keys.account, keys.client]);
  if (state.get(keys.pair)!.locked) throw tooFrequent();
  return {
    captchaRequired: state.get(keys.account)!.failures >= ACCOUNT_CAPTCHA_AFTER || state.get(keys.client)!.failures >= CLIENT_CAPTCHA_AFTER,
  };
}

/** Right before the password check: counts the attempt for the pair (429 if a parallel one locked it). */
export async function takeLoginAttempt(db: Db, keys: LoginKeys) {
  if (!(await takeAttempt(db, keys.pair))) throw tooFrequent();
}

/** A failed password check: counts for the account and the client; true when the account just reached its captcha budget. */
export async function loginFailed(db: Db, keys: LoginKeys): Promise<boolean> {
  const counts = await countFailures(db, [keys.account, keys.client]);
  return counts.get(keys.account) === ACCOUNT_CAPTCHA_AFTER;
}

/** A sign-in: this client's count for the account starts again (the others keep theirs). */
export async function loginSucceeded(db: Db, keys: LoginKeys) {
  await clearFailures(db, keys.pair);
}

/** Everything counted against an account (admin:reset): its own count and every client's lock on it. */
export async function clearAccountBackoff(db: Db, userName: string): Promise<number> {
  const { account } = loginKeys(userName, "");
  const pairPrefix = `pair:${userName.toLowerCase()}|`;
  const done = await db
    .delete(loginThrottle)
    .where(or(eq(loginThrottle.key, account), eq(sql`left(${loginThrottle.key}, ${pairPrefix.length})`, pairPrefix)));
  return done.rowCount ?? 0;
}
