// /baseLogin (spec 2.1, 4, 5, 8): the account and password form. The status check and its
// confirm, the failure message and the once-per-session reload live here; the login itself is
// the auth provider's.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { invalidateAuth, useLogin } from "../auth/hooks";
import { toast } from "../api/toast";
import { confirm } from "../shared/confirm";
import { readSession, writeSession } from "../shared/session";
import { LoginForm, useLoginFields, type LoginValues } from "./LoginForm";
import { LoginLayout } from "./LoginLayout";
import { fetchLoginConfig, isLoggedInElsewhere, newChallengeId } from "./loginApi";

export default function BaseLogin() {
  const { t } = useTranslation("login");
  const navigate = useNavigate();
  const fields = useLoginFields();
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let live = true;
    fetchLoginConfig()
      .then(({ captchaEnabled }) => live && setChallengeId(captchaEnabled ? newChallengeId() : null))
      .catch(() => undefined); // the client has shown why; the form still works without a captcha
    return () => {
      live = false;
    };
  }, []);

  const refreshCaptcha = useCallback(
    () => setChallengeId((current) => (current === null ? null : newChallengeId())),
    [],
  );

  const failed = (message: string) => {
    toast(message, "error");
    // Spec 4: a failure clears the code; its challenge is used up, so a new image comes too.
    fields.setValues((values) => ({ ...values, verificationCode: "" }));
    refreshCaptcha();
  };

  const { mutate: login, isPending } = useLogin({
    onSuccess: ({ success, redirectTo, error }) => {
      if (!success) return failed(error?.message ?? t("baseLogin.failed"));
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

  const submit = async (values: LoginValues) => {
    setChecking(true);
    let elsewhere: boolean;
    try {
      elsewhere = await isLoggedInElsewhere(values.userName.trim());
    } catch {
      return; // the client has shown the reason (too frequent, network ...)
    } finally {
      setChecking(false);
    }
    if (elsewhere) {
      const confirmed = await confirm({
        title: t("baseLogin.alreadyLoggedIn.title"),
        content: t("baseLogin.alreadyLoggedIn.content"),
        okText: t("baseLogin.alreadyLoggedIn.ok"),
        cancelText: t("baseLogin.alreadyLoggedIn.cancel"),
      });
      if (!confirmed) return;
    }
    login({
      userName: values.userName.trim(),
      password: values.password,
      ...(challengeId !== null ? { verificationCode: values.verificationCode?.trim(), challengeId } : {}),
    });
  };

  return (
    <LoginLayout title={t("baseLogin.title")} subtitle={t("baseLogin.subtitle")}>
      <LoginForm
        fields={fields}
        challengeId={challengeId}
        onRefreshCaptcha={refreshCaptcha}
        submitting={checking || isPending}
        onSubmit={(values) => void submit(values)}
      />
    </LoginLayout>
  );
}
