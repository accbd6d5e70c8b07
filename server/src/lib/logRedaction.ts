// Secrets that arrive in an address must not reach the log (issue 18): a sid copied from a log
// line works for 12 hours. They travel as query parameters - /relogin?web_sid=..., the admin
// link /main?system=stageAdmin&sid=..., token logins, SAML messages and their redirect-binding Signature, the one-time sign-on code
// of /relogin?code= (issue 19) - and an address reaches the
// log through more than one door: the request line Fastify logs for every request, its "route not
// found" line, an error's message and stack, a Referer. So the redaction is applied to each
// finished log line, whatever wrote it, rather than to one serializer.

/** Query parameters whose value is a secret (compared without case). */
export const SECRET_QUERY_PARAMETERS = ["sid", "web_sid", "token", "saml2Token", "wechattoken", "SAMLResponse", "SAMLRequest", "Signature", "code"] as const;

const SECRET = new Set(SECRET_QUERY_PARAMETERS.map((p) => p.toLowerCase()));
export const REDACTED = "[redacted]";

/** `?name=value` or `&name=value` (also `;`), up to the end of the parameter, a quote or a space. */
const PARAMETER = /([?&;])([^=&;#?\s"'\\]+)=([^&;#\s"'\\]*)/g;
/** A value that is itself an address or query, percent-encoded (a redirect target, say). */
const ENCODED_QUERY = /%3F|%26|%3B/i;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
};

/**
 * The text with the value of every secret query parameter replaced by "[redacted]"; the
 * parameter's name stays, so a reader still sees what was sent. A name is matched after
 * percent-decoding (`s%69d`), and a value that is an encoded address carrying a secret is
 * redacted whole.
 */
export function redactSecrets(text: string): string {
  if (!text.includes("=")) return text;
  return text.replace(PARAMETER, (whole, sep: string, name: string, value: string) => {
    if (SECRET.has(decode(name).trim().toLowerCase())) return `${sep}${name}=${REDACTED}`;
    if (ENCODED_QUERY.test(value)) {
      const inner = decode(value);
      if (redactSecrets(inner) !== inner) return `${sep}${name}=${REDACTED}`;
    }
    return whole;
  });
}

/** A log destination that writes every line through redactSecrets (pino writes one line a call). */
export function redactingStream(target: NodeJS.WritableStream): { write(line: string): void } {
  return {
    write(line: string) {
      target.write(redactSecrets(line));
    },
  };
}
