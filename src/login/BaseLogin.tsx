// /baseLogin (spec 2.1, 4, 5, 8): the account and password form. The "already logged in
// elsewhere" confirm, the failure message and the once-per-session reload live here; the login
// itself is the auth provider's. The confirm comes only after the server has verified the password
// (issue 20: asking the status first told anyone whether a colleague was signed in).
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { useInvalidateAuth, useLogin } from "../auth/hooks";
import { toast } from "../api/toast";
import { CAPTCHA_REQUIRED, LOGIN_CANCELLED } from "../auth/authProvider";
import { confirm } from "../shared/confirm";
import { readSession, writeSession } from "../shared/session";
import { LoginForm, useLoginFields, type LoginValues } from "./LoginForm";
import { LoginLayout } from "./LoginLayout";
import { fetchLoginConfig, newChallengeId } from "./loginApi";
import { usePortalClient } from "../api/ClientProvider";

export default function BaseLogin() {
  const { t } = useTranslation("login");
  const invalidateAuth = useInvalidateAuth();
  const client = usePortalClient();
  const navigate = useNavigate();
  const fields = useLoginFields();
  const [challengeId, setChallengeId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchLoginConfig(client)
      .then(({ captchaEnabled }) => live && setChallengeId(captchaEnabled ? newChallengeId() : null))
      .catch(() => undefined); // the client has shown why; the form still works without a captcha
    return () => {
      live = false;
    };
  }, [client]);

  const refreshCaptcha = useCallback(
    () => setChallengeId((current) => (current === null ? null : newChallengeId())),
    [],
  );

  /** The code is cleared; its challenge is used up (right or wrong), so a new image comes too. */
  const startOverCaptcha = () => {
    fields.setValues((values) => ({ ...values, verificationCode: "" }));
    refreshCaptcha();
  };

  const failed = (message: string) => {
    toast(message, "error");
    startOverCaptcha(); // spec 4: a failure clears the code
  };

  const { mutate: login, isPending } = useLogin({
    onSuccess: ({ success, redirectTo, error }) => {
      // Cancel on the confirm: no failure to report; the form stays as it was but for the code.
      if (!success && error?.name === LOGIN_CANCELLED) return startOverCaptcha();
      if (!success) {
        failed(error?.message ?? t("baseLogin.failed"));
        // The server wants a captcha this page did not show (the account or this address failed
        // often, lib/loginBackoff.ts): from now on it shows one.
        if (error?.name === CAPTCHA_REQUIRED) setChallengeId((current) => current ?? newChallengeId());
        return;
      }
      void invalidateAuth();
      const target = redirectTo ?? "/main/workingSpace";
      // Spec 4: the page reloads once per session, so the shells start from the new session.
      if (readSession("isFresh") === null) {
        writeSession("isFresh", "1");
        window.location.replace(target);
      } else {
        void navigate(target, { replace: true });
      }
    },
    onError: (error) => failed(`${t("baseLogin.failed")}${error.message}`),
  });

  /** Spec 4: asked by the login only when the password was right and another session is live. */
  const confirmElsewhere = () =>
    confirm({
      title: t("baseLogin.alreadyLoggedIn.title"),
      content: t("baseLogin.alreadyLoggedIn.content"),
      okText: t("baseLogin.alreadyLoggedIn.ok"),
      cancelText: t("baseLogin.alreadyLoggedIn.cancel"),
    });

  const submit = (values: LoginValues) =>
    login({
      userName: values.userName.trim(),
      password: values.password,
      ...(challengeId !== null ? { verificationCode: values.verificationCode?.trim(), challengeId } : {}),
      confirmElsewhere,
    });

  return (
    <LoginLayout title={t("baseLogin.title")} subtitle={t("baseLogin.subtitle")}>
      <LoginForm
        fields={fields}
        challengeId={challengeId}
        onRefreshCaptcha={refreshCaptcha}
        submitting={isPending}
        onSubmit={submit}
      />
    </LoginLayout>
  );
}
