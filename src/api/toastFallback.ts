// The toast when antd's message cannot be loaded (issue 18): antd's message is a chunk of its own
// (it stays out of the first load of every page, issue 9), so with the server down the network-
// failure message of spec 8 would have nothing to show it. This plain notice is in the entry
// bundle and needs nothing from the server. It sits where antd's message does and looks like it;
// api/toast.ts keeps one toast at a time across both.
import type { ToastType } from "./toast";

/** antd's message default duration. */
export const FALLBACK_DURATION_MS = 3_000;

/** antd 5's default status colours (the themes change the primary colour only) and icon glyphs. */
const MARKS: Record<ToastType, { color: string; glyph: string }> = {
  error: { color: "#ff4d4f", glyph: "!" },
  warning: { color: "#faad14", glyph: "!" },
  success: { color: "#52c41a", glyph: "✓" },
  info: { color: "#1677ff", glyph: "i" },
  loading: { color: "#1677ff", glyph: "…" },
};

/** Shows `content` at the top of the window for FALLBACK_DURATION_MS; returns a close function. */
export function showFallbackToast(content: string, type: ToastType): () => void {
  const { color, glyph } = MARKS[type];
  const notice = document.createElement("div");
  notice.className = "portal-toast-fallback";
  notice.setAttribute("role", type === "error" || type === "warning" ? "alert" : "status");
  Object.assign(notice.style, {
    position: "fixed",
    top: "8px",
    left: "50%",
    transform: "translateX(-50%)",
    zIndex: "2010",
    display: "flex",
    alignItems: "center",
    gap: "8px",
    maxWidth: "calc(100vw - 32px)",
    padding: "9px 12px",
    background: "#fff",
    borderRadius: "8px",
    boxShadow: "0 6px 16px 0 rgba(0,0,0,0.08), 0 3px 6px -4px rgba(0,0,0,0.12), 0 9px 28px 8px rgba(0,0,0,0.05)",
    color: "rgba(0,0,0,0.88)",
    fontSize: "14px",
    lineHeight: "1.5715",
  } satisfies Partial<CSSStyleDeclaration>);
  const mark = document.createElement("span");
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = glyph;
  Object.assign(mark.style, {
    flex: "none",
    width: "16px",
    height: "16px",
    borderRadius: "50%",
    background: color,
    color: "#fff",
    fontSize: "12px",
    fontWeight: "bold",
    lineHeight: "16px",
    textAlign: "center",
  } satisfies Partial<CSSStyleDeclaration>);
  const text = document.createElement("span");
  text.textContent = content;
  notice.append(mark, text);
  document.body.append(notice);

  const close = () => {
    clearTimeout(timer);
    notice.remove();
  };
  const timer = setTimeout(close, FALLBACK_DURATION_MS);
  return close;
}
