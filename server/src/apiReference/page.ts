import { readFileSync } from "node:fs";
import type { ApiReferenceAccess } from "../config.ts";

/** The page's own texts, from the web app's locale files (one source for both languages, as every visible string). */
export interface ReferenceTexts {
  title: string;
  signIn: string;
  forbidden: string;
  failed: string;
}

const LOCALES = new URL("../../../src/i18n/locales/", import.meta.url);

/** `apiReference` of common.json in both languages, read once at registration. */
export function loadReferenceTexts(): Record<"cn" | "en", ReferenceTexts> {
  const read = (language: "cn" | "en") =>
    (JSON.parse(readFileSync(new URL(`${language}/common.json`, LOCALES), "utf8")) as { apiReference: ReferenceTexts }).apiReference;
  return { cn: read("cn"), en: read("en") };
}

/** JSON inside a <script type="application/json">: "<" escaped, so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * The reference page: Swagger UI's stylesheet and bundle and our start script, all from this
 * origin (no inline script: the page runs under script-src 'self'). The page itself holds no part
 * of the contract; start.js fetches it, with the tab's session when the access is "admin".
 */
export function referencePage(access: Exclude<ApiReferenceAccess, "off">, texts: Record<"cn" | "en", ReferenceTexts>): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(texts.cn.title)}</title>
<link rel="stylesheet" href="/api-reference/swagger-ui.css">
</head>
<body>
<script type="application/json" id="api-reference-settings">${scriptJson({ access, texts })}</script>
<p id="api-reference-message" role="alert" hidden></p>
<main id="api-reference"></main>
<script src="/api-reference/swagger-ui-bundle.js"></script>
<script src="/api-reference/start.js"></script>
</body>
</html>
`;
}
