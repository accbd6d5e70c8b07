// Whether a failure means "the database cannot be reached" (HTTP 503) rather than a fault of ours
// (HTTP 500): the difference between an outage an operator fixes and a bug a developer fixes.
// Only errors that say the connection could not be made, was cut, or was refused by a server
// that is stopping or starting count; a query the database refused (a missing table, a
// constraint, a syntax error) is ours and stays a 500.

/** SQLSTATEs of a database that is not there for us (PostgreSQL appendix A). */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: "terminating connection due to administrator command"
  "57P02", // crash_shutdown: another backend crashed, the server restarts
  "57P03", // cannot_connect_now: "the database system is starting up" / in recovery / shutting down
  "53300", // too_many_connections: no connection slot for us
]);

/** Socket-level failures of the connection (Node's system error codes). */
const UNAVAILABLE_SYSCALLS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/**
 * node-postgres's own messages for a connection that is gone or never came (they carry no code):
 * the server closed the socket mid-query, a connect timed out, the pool waited too long for a
 * connection, a client that already failed was used, the pool is closing (shutdown).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

type Failure = { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

function selfUnavailable(e: Failure): boolean {
  const code = typeof e.code === "string" ? e.code : undefined;
  // A PostgreSQL error has a five-character SQLSTATE and a severity; class 08 is "connection exception".
  if (code && typeof e.severity === "string" && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith("08") || UNAVAILABLE_STATES.has(code);
  if (code && UNAVAILABLE_SYSCALLS.has(code)) return true;
  const message = typeof e.message === "string" ? e.message : "";
  return UNAVAILABLE_MESSAGES.some((m) => m.test(message));
}

/**
 * Walks what wraps a failure: drizzle's DrizzleQueryError (`cause`), Node's AggregateError of
 * several connect attempts and fastify-openapi-glue's security failures (`errors`).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as Failure;
  if (selfUnavailable(e)) return true;
  if (isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
