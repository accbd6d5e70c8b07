// /relogin (spec 2.1, 2.5): a blank loading page that signs in from its query parameters and
// lands on the page of `route`, or starts single sign-on.
import { useEffect, useRef, useState } from "react";
import { Button, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";

import { usePortalClient } from "../api/ClientProvider";
import { SILENT, unwrap, type PortalClient } from "../api/client";
import { isSessionExpired } from "../auth/sessionExpiry";
import { useAppSession } from "../auth/SessionProvider";
import type { SessionActions } from "../auth/sessionActions";
import { scrubAddress, takeArrival } from "../navigation/addressSecrets";
import { startSingleSignOn } from "../navigation/sso";
import { writeSession } from "../shared/session";
import { decideRelogin, performRelogin, type ReloginDeps } from "./decide";
import { IdpStatusResult } from "./IdpStatusResult";
import type { IdpStatus } from "./handoff";
import type { SsoRoute } from "../navigation/routes";

/** The relogin steps over the app's client and session. */
const reloginDeps = (client: PortalClient, session: SessionActions): ReloginDeps => ({
  tokenLogin: async (kind, token) => {
    const call =
      kind === "saml2"
        ? client.GET("/sysUserEx/saml2TokenLogin", { params: { query: { token } }, headers: SILENT })
        : client.GET("/sysUserEx/wechattokenLogin", { params: { query: { token } }, headers: SILENT });
    return (await unwrap(call)).sid;
  },
  resolveSamlResponse: async (samlResponse, relayState) =>
    (
      await unwrap(
        client.POST("/sysUserEx/ssoLoginResolve", {
          body: { samlResponse, ...(relayState ? { relayState } : {}) },
          headers: SILENT,
        }),
      )
    ).sid,
  redeemCode: async (code) =>
    (await unwrap(client.POST("/sysUserEx/ssoCodeLogin", { body: { code }, headers: SILENT }))).sid,
  establish: session.establish,
  storeSystem: (system) => writeSession("system", system),
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function Relogin() {
  const { t } = useTranslation(["login", "common"]);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [idpStatus, setIdpStatus] = useState<{ status: IdpStatus; route: SsoRoute } | null>(null);
  const started = useRef(false);
  const client = usePortalClient();
  const { session } = useAppSession();

  useEffect(() => {
    if (started.current) return; // strict mode runs effects twice; a token is single use
    started.current = true;
    const fail = (error: unknown) => {
      if (isSessionExpired(error)) return; // the expiry dialog takes it from here
      setFailure(`${t("login:baseLogin.failed")}${messageOf(error)}`); // shown once, on the page
    };
    // The address lost its sid, token or code on arrival (navigation/arrive.ts) and the query it came
    // with is kept for this page, once; reached without a page load, the secrets leave the address
    // here, before anything is redeemed (issues 18, 19).
    const action = decideRelogin(takeArrival(pathname) ?? scrubAddress() ?? params);
    void performRelogin(action, reloginDeps(client, session)).then((outcome) => {
      if (outcome.kind === "land") {
        // A full load, so the shells start from the new session (spec 4: the once-per-session reload).
        writeSession("isFresh", "1");
        window.location.replace(outcome.path);
      } else if (outcome.kind === "sso") {
        startSingleSignOn(client, outcome.route).catch(fail);
      } else if (outcome.kind === "idpStatus") {
        setIdpStatus({ status: outcome.status, route: outcome.route });
      } else {
        fail(outcome.error);
      }
    });
  }, [client, session, params, pathname, t]);

  if (idpStatus) return <IdpStatusResult status={idpStatus.status} onTryAgain={() => startSingleSignOn(client, idpStatus.route).catch(() => {})} />;
  if (failure) {
    return (
      <Result
        status="error"
        title={failure}
        extra={
          <Button type="primary" href="/loginCopy">
            {t("login:relogin.back")}
          </Button>
        }
      />
    );
  }
  return <Spin size="large" fullscreen tip={t("common:loading")} />;
}
