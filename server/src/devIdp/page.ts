import crypto from "node:crypto";

// The two small pages of the development identity provider (both languages on each).

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const STYLE =
  "body{font-family:system-ui,sans-serif;background:#f0f2f5;margin:0;display:flex;justify-content:center;padding-top:10vh}" +
  "main{background:#fff;border-radius:8px;padding:32px;min-width:320px;box-shadow:0 2px 8px rgba(0,0,0,.1)}" +
  "h1{font-size:20px;margin:0 0 4px}p{color:#666;margin:0 0 20px}" +
  "button{display:block;width:100%;margin:8px 0;padding:10px;font-size:15px;border:1px solid #1677ff;border-radius:6px;background:#fff;color:#1677ff;cursor:pointer}" +
  "button:hover{background:#1677ff;color:#fff}" +
  "hr{border:none;border-top:1px solid #eee;margin:20px 0}label{display:block;color:#666;margin:0 0 6px}" +
  "input[type=text]{box-sizing:border-box;width:100%;padding:9px;font-size:15px;border:1px solid #d9d9d9;border-radius:6px}";
const AUTO_SUBMIT = "document.forms[0].submit();";
const scriptHash = `'sha256-${crypto.createHash("sha256").update(AUTO_SUBMIT).digest("base64")}'`;

/** Content-Security-Policy of a dev IdP page: forms may post only to `formTargets`. */
export const pageCsp = (formTargets: string[]) =>
  `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptHash}; form-action 'self' ${formTargets.join(" ")}; frame-ancestors 'none'; base-uri 'none'`;

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/**
 * The user picker: one button per active user, and a form to sign in as any other user name (a
 * name no user has is created by the service provider when SAML_PROVISION is on, else refused
 * there); both post to /devIdp/respond.
 */
export function pickerPage(users: { userName: string; realName: string }[], samlRequest: string, relayState: string | undefined) {
  const request =
    `<input type="hidden" name="SAMLRequest" value="${esc(samlRequest)}">` +
    (relayState ? `<input type="hidden" name="RelayState" value="${esc(relayState)}">` : "");
  const buttons = users
    .map((u) => `<button type="submit" name="userName" value="${esc(u.userName)}" data-user="${esc(u.userName)}">${esc(u.realName)} (${esc(u.userName)})</button>`)
    .join("");
  return page(
    "开发身份提供方 / Development identity provider",
    `<h1>开发身份提供方 · Development identity provider</h1>` +
      `<p>选择要登录的演示用户 · Choose the demo user to sign in as</p>` +
      `<form method="post" action="respond" data-testid="devIdp-users">${request}${buttons}</form>` +
      `<hr>` +
      `<form method="post" action="respond" data-testid="devIdp-other-user">${request}` +
      `<label for="devIdp-userName">以其他用户名登录（新用户名仅在 SAML_PROVISION=true 时自动创建）· Sign in as another user name (a new name is created only with SAML_PROVISION=true)</label>` +
      `<input type="text" id="devIdp-userName" name="userName" required maxlength="20" pattern="[A-Za-z0-9._\\-]{1,20}" autocomplete="off" data-testid="devIdp-userName">` +
      `<button type="submit" data-testid="devIdp-other-user-submit">以此用户名登录 · Sign in with this name</button>` +
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
