// /relogin (spec 2.1, 2.5): a blank loading page that signs in from its query parameters and
// lands on the page of `route`, or starts single sign-on.
import { useEffect, useRef, useState } from "react";
import { Button, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";

import { SILENT, unwrap } from "../api/client";
import { toast } from "../api/toast";
import { isSessionExpired, portalClient, sessionActions } from "../authProvider";
import { takeArrival } from "../navigation/addressSecrets";
import { startSingleSignOn } from "../navigation/sso";
import { writeSession } from "../shared/session";
import { decideRelogin, performRelogin, type ReloginDeps } from "./decide";

const deps: ReloginDeps = {
  tokenLogin: async (kind, token) => {
    const call =
      kind === "saml2"
        ? portalClient.GET("/sysUserEx/saml2TokenLogin", { params: { query: { token } }, headers: SILENT })
        : portalClient.GET("/sysUserEx/wechattokenLogin", { params: { query: { token } }, headers: SILENT });
    return (await unwrap(call)).sid;
  },
  resolveSamlResponse: async (samlResponse, relayState) =>
    (
      await unwrap(
        portalClient.POST("/sysUserEx/ssoLoginResolve", {
          body: { samlResponse, ...(relayState ? { relayState } : {}) },
          headers: SILENT,
        }),
      )
    ).sid,
  establish: sessionActions.establish,
  storeSystem: (system) => writeSession("system", system),
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function Relogin() {
  const { t } = useTranslation(["login", "common"]);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // strict mode runs effects twice; a token is single use
    started.current = true;
    const fail = (error: unknown) => {
      if (isSessionExpired(error)) return; // the expiry dialog takes it from here
      const message = `${t("login:baseLogin.failed")}${messageOf(error)}`;
      toast(message, "error");
      setFailure(message);
    };
    // The address lost its sid or token on arrival (issue 18, navigation/addressSecrets.ts); the
    // query it came with is kept for this page, once.
    const arrived = takeArrival(pathname) ?? params;
    void performRelogin(decideRelogin(arrived), deps).then((outcome) => {
      if (outcome.kind === "land") {
        // A full load, so the shells start from the new session (spec 4: the once-per-session reload).
        writeSession("isFresh", "1");
        window.location.replace(outcome.path);
      } else if (outcome.kind === "sso") {
        startSingleSignOn(outcome.route).catch(fail);
      } else {
        fail(outcome.error);
      }
    });
  }, [params, pathname, t]);

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
