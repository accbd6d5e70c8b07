// Coming back from a fresh SSO login made for signing (issue 24): SignDialog sends the browser to
// the IdP and back to `returnTo`. The page names what it was signing in the address (`esign=<tag>`,
// no secret) and keeps what the person had typed in this tab's session storage, so on return it
// reopens the dialog with the same content. The server adds `esignRefused=<reason>` when the IdP's
// answer was refused (a login older than the request, another person, ...).
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { readSessionJson, removeSession, writeSessionJson } from "../../shared/session";

export type RefusalReason = "stale" | "otherPerson" | "session" | "invalid";
const REASONS: readonly string[] = ["stale", "otherPerson", "session", "invalid"];

/** This page's path with `esign=<tag>`: where the IdP sends the person back to sign `tag`. */
export function signReturnPath(tag: string, location: Pick<Location, "pathname" | "search"> = window.location): string {
  const params = new URLSearchParams(location.search);
  params.delete("esignRefused");
  params.set("esign", tag);
  return `${location.pathname}?${params.toString()}`;
}

type Draft = { tag: string; values: unknown };

/** Keeps what is being signed while the person is at the IdP (this tab only). */
export function saveSignDraft(tag: string, values: unknown) {
  writeSessionJson("esignDraft", { tag, values } satisfies Draft);
}

/**
 * On the page the IdP sent the person back to: whether `tag` was being signed, the draft kept for
 * it, and the refusal if any; the address is cleaned (once read, the markers go).
 */
export function useSignReturn<T>(matches: (tag: string) => boolean): { tag: string | null; draft: T | null; refused: RefusalReason | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const [state] = useState(() => {
    const params = new URLSearchParams(location.search);
    const tag = params.get("esign");
    const refusedParam = params.get("esignRefused");
    const draft = readSessionJson<Draft>("esignDraft");
    const mine = !!tag && matches(tag);
    return {
      tag: mine ? tag : null,
      draft: mine && draft?.tag === tag ? (draft.values as T) : null,
      refused: mine && refusedParam && REASONS.includes(refusedParam) ? (refusedParam as RefusalReason) : null,
    };
  });
  useEffect(() => {
    if (!state.tag) return;
    removeSession("esignDraft");
    const params = new URLSearchParams(location.search);
    params.delete("esign");
    params.delete("esignRefused");
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
    // once, on the page's first render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.tag]);
  return state;
}
