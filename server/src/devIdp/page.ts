import crypto from "node:crypto";

// The two small pages of the development identity provider (both languages on each).

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const STYLE =
  "body{font-family:system-ui,sans-serif;background:#f0f2f5;margin:0;display:flex;justify-content:center;padding-top:10vh}" +
  "main{background:#fff;border-radius:8px;padding:32px;min-width:320px;box-shadow:0 2px 8px rgba(0,0,0,.1)}" +
  "h1{font-size:20px;margin:0 0 4px}p{color:#666;margin:0 0 20px}" +
  "button{display:block;width:100%;margin:8px 0;padding:10px;font-size:15px;border:1px solid #1677ff;border-radius:6px;background:#fff;color:#1677ff;cursor:pointer}" +
  "button:hover{background:#1677ff;color:#fff}";
const AUTO_SUBMIT = "document.forms[0].submit();";
const scriptHash = `'sha256-${crypto.createHash("sha256").update(AUTO_SUBMIT).digest("base64")}'`;

/** Content-Security-Policy of a dev IdP page: forms may post only to `formTargets`. */
export const pageCsp = (formTargets: string[]) =>
  `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptHash}; form-action 'self' ${formTargets.join(" ")}; frame-ancestors 'none'; base-uri 'none'`;

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** The user picker: one button per active user, posting to /devIdp/respond. */
export function pickerPage(users: { userName: string; realName: string }[], samlRequest: string, relayState: string | undefined) {
  const buttons = users
    .map((u) => `<button type="submit" name="userName" value="${esc(u.userName)}" data-user="${esc(u.userName)}">${esc(u.realName)} (${esc(u.userName)})</button>`)
    .join("");
  return page(
    "开发身份提供方 / Development identity provider",
    `<h1>开发身份提供方 · Development identity provider</h1>` +
      `<p>选择要登录的演示用户 · Choose the demo user to sign in as</p>` +
      `<form method="post" action="respond">` +
      `<input type="hidden" name="SAMLRequest" value="${esc(samlRequest)}">` +
      (relayState ? `<input type="hidden" name="RelayState" value="${esc(relayState)}">` : "") +
      buttons +
      `</form>`,
  );
}

/** The HTTP-POST binding hand-off: auto-submits {SAMLResponse, RelayState} to the ACS. */
export function postPage(action: string, samlResponse: string, relayState: string | undefined) {
  return page(
    "正在登录 / Signing in",
    `<h1>正在登录… · Signing in…</h1>` +
      `<form method="post" action="${esc(action)}">` +
      `<input type="hidden" name="SAMLResponse" value="${esc(samlResponse)}">` +
      (relayState ? `<input type="hidden" name="RelayState" value="${esc(relayState)}">` : "") +
      `<noscript><button type="submit">继续 · Continue</button></noscript>` +
      `</form><script>${AUTO_SUBMIT}</script>`,
  );
}
