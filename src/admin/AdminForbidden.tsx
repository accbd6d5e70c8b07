// A screen the session's role is refused (issue 22, item 6): the shell routes only granted screens
// (AdminMenuGate), but a role can lose a menu while its window is open (permission changes take
// effect on open sessions), and then the screen's own query answers 403, code 4003. Retrying a
// refusal only delays the answer (react-query's default is three retries, about 9 s) and then the
// list said "no users"; instead the first refusal replaces the screen, frame and buttons included,
// with a 403 page, and a refused call is never retried.
import { useEffect, useRef, useState } from "react";
import { Result } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";

import { CODE } from "../api/errors";

interface FailedCall {
  statusCode?: number;
  status?: number;
  code?: unknown;
}

/** The server's refusal of the role (HTTP 403, code 4003), as refine's HttpError or the client's ApiError. */
export function isRoleRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const failed = error as FailedCall;
  return (failed.statusCode ?? failed.status) === 403 && failed.code === CODE.noPermission;
}

/**
 * react-query's retry for the admin's queries: an answer of the server about the request (any 4xx:
 * a refusal, a missing row, a bad filter) is final and never retried; a call that got no answer or
 * a server failure (5xx) is tried up to three times, as react-query does by default.
 */
export function adminQueryRetry(failureCount: number, error: unknown): boolean {
  const status = typeof error === "object" && error !== null ? ((error as FailedCall).statusCode ?? (error as FailedCall).status) : undefined;
  if (typeof status === "number" && status >= 400 && status < 500) return false;
  return failureCount < 3;
}

/** The admin layout's outlet: the screen, or the 403 page once one of its queries is refused. */
export function ForbiddenOutlet() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [refusedAt, setRefusedAt] = useState<string | null>(null);
  // The screen in view when a refusal arrives (the subscription outlives renders).
  const current = useRef(pathname);
  current.current = pathname;

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "error" && isRoleRefusal(event.action.error)) setRefusedAt(current.current);
      }),
    [queryClient],
  );

  if (refusedAt !== pathname) return <Outlet />;
  return (
    <div data-testid="admin-screen-forbidden">
      <Result status="403" title={t("access.screenForbidden.title")} subTitle={t("access.screenForbidden.description")} />
    </div>
  );
}
