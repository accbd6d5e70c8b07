// Spec 2.8 and 4: the dialogs at first login. Privacy first (read-only text of 15 rows, Refuse and
// Accept); Accept saves privacyStatus 1 with the policy version, then the guide dialog ("need",
// "no need", "never notify") when the guide has not been seen; "need" runs the driver.js tour.
// When both are done the record is cached in session storage (guideInfo) for the rest of the
// session. A 4010 answer from the server (a new version published meanwhile) asks again.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { useIdentity, useInvalidateAuth, useLogout } from "../../auth/hooks";
import { usePortalClient } from "../../api/ClientProvider";
import { SILENT, unwrap } from "../../api/client";
import { retryingImport } from "../../shared/lazyRetry";
import { DIALOG_GUARD_MS, useClickGuard, useDebouncedAction } from "../../shared/clickGuard";
import { consentSignal, passwordChangeSignal } from "../../shared/consent";
import { readSessionJson, removeSession, writeSessionJson } from "../../shared/session";
import { loadHeadIcon } from "../../account/avatar";
import { applyRecordPreferences, fetchRecord, saveRecord, type PersonalRecord } from "../../account/record";
import { firstLoginStep, isCachedFor, type FirstLoginStep, type GuideInfo } from "./firstLogin";
import type { Policy } from "./FirstLoginDialogs";
import { startTour } from "./tour";

const FirstLoginDialogs = lazy(retryingImport(() => import("./FirstLoginDialogs")));

function cache(userId: number, record: PersonalRecord | null, version: string | null): void {
  const info: GuideInfo = {
    userId,
    privacyVersion: record?.privacyVersion ?? version,
    noviceGuideStatus: record?.noviceGuideStatus === 1 ? 1 : 0,
  };
  writeSessionJson("guideInfo", info);
}

export function FirstLoginFlow({ withGuide }: { withGuide: boolean }) {
  const { t } = useTranslation("personal");
  const client = usePortalClient();
  const invalidateAuth = useInvalidateAuth();
  const { data: user } = useIdentity();
  const { mutate: logout, isPending: loggingOut } = useLogout();
  const userId = user?.id;
  // Issue 21: this sign-in used a password an administrator gave; it is replaced after the privacy step.
  const mustChangePassword = user?.mustChangePassword === true;

  const [step, setStep] = useState<FirstLoginStep>("done");
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [record, setRecord] = useState<PersonalRecord | null>(null);
  const [saving, setSaving] = useState(false);
  const [neverNotify, setNeverNotify] = useState(false);
  const [refuseBlocked, guardRefuse] = useClickGuard(DIALOG_GUARD_MS);
  const [noNeedBlocked, guardNoNeed] = useClickGuard(DIALOG_GUARD_MS);
  const checking = useRef(false);
  const [dialogsWanted, setDialogsWanted] = useState(false);

  const check = useCallback(
    async (fresh: boolean) => {
      if (userId === undefined || checking.current) return;
      if (!fresh && isCachedFor(readSessionJson<GuideInfo>("guideInfo"), userId)) return;
      checking.current = true;
      try {
        const [loaded, current] = await Promise.all([
          fetchRecord(client, userId),
          unwrap(client.GET("/bscPrivacyPolicy", { headers: SILENT })),
        ]);
        setRecord(loaded);
        setPolicy(current ? { policyContent: current.policyContent, policyVersion: current.policyVersion } : null);
        applyRecordPreferences(loaded);
        const next = firstLoginStep(loaded, current?.policyVersion ?? null, withGuide, mustChangePassword);
        if (next === "done") cache(userId, loaded, current?.policyVersion ?? null);
        setStep(next);
      } catch {
        // The flow asks again on the next 4010; nothing else in the shell waits for it.
      } finally {
        checking.current = false;
      }
    },
    [client, userId, withGuide, mustChangePassword],
  );

  useEffect(() => {
    void check(false);
  }, [check]);

  // A new version published during the session: the server answers 4010, ask again.
  useEffect(
    () =>
      consentSignal.listen(() => {
        removeSession("guideInfo");
        void check(true);
      }),
    [check],
  );

  // The server holds this sign-in until the password is changed (4011, issue 21): who am I is
  // asked again, and the check above runs again with what it says.
  useEffect(
    () =>
      passwordChangeSignal.listen(() => {
        removeSession("guideInfo");
        void invalidateAuth();
      }),
    [invalidateAuth],
  );

  // Changed: the portal starts again from the page as the session now allows it (everything the
  // shell asked for meanwhile was refused); the guide comes next when not seen yet.
  const passwordChanged = () => window.location.reload();

  const accept = useDebouncedAction(() => {
    if (!policy || userId === undefined) return;
    setSaving(true);
    saveRecord(client, { privacyStatus: 1, privacyVersion: policy.policyVersion }, false)
      .then((saved) => {
        setRecord(saved);
        // What the server refused before consent (the avatar picture) loads now.
        void loadHeadIcon(client, userId);
        const next = firstLoginStep(saved, policy.policyVersion, withGuide, mustChangePassword);
        if (next === "done") cache(userId, saved, policy.policyVersion);
        setStep(next);
      })
      .catch(() => undefined) // the toast said why; the dialog stays
      .finally(() => setSaving(false));
  });

  const finishGuide = useCallback(() => {
    if (userId === undefined) return;
    saveRecord(client, { noviceGuideStatus: 1 })
      .then((saved) => cache(userId, saved, policy?.policyVersion ?? null))
      .catch(() => cache(userId, record, policy?.policyVersion ?? null));
  }, [client, userId, record, policy]);

  const need = useDebouncedAction(() => {
    if (userId === undefined) return;
    setStep("done");
    startTour(t, {
      onCompleted: finishGuide,
      // Closed before the end: not asked again in this session, asked at the next sign-in.
      onAbandoned: () => cache(userId, record, policy?.policyVersion ?? null),
    });
  });

  const noNeed = () => {
    if (userId === undefined) return;
    setStep("done");
    if (neverNotify) finishGuide();
    else cache(userId, record, policy?.policyVersion ?? null);
  };

  // The dialogs (antd Modal, the policy text, the checkbox) load when one is first to be shown, not
  // with every workspace (issue 9); the checks above run without them. Once loaded they stay
  // mounted, so a dialog closes with its animation as before.
  if (step !== "done" && !dialogsWanted) setDialogsWanted(true);
  if (!dialogsWanted && step === "done") return null;
  return (
    <Suspense fallback={null}>
      <FirstLoginDialogs
        step={step}
        policy={policy}
        saving={saving}
        loggingOut={loggingOut}
        neverNotify={neverNotify}
        onNeverNotify={setNeverNotify}
        refuseBlocked={refuseBlocked}
        noNeedBlocked={noNeedBlocked}
        onRefuse={guardRefuse(() => logout())}
        onAccept={accept}
        onNoNeed={guardNoNeed(noNeed)}
        onNeed={need}
        onPasswordChanged={passwordChanged}
      />
    </Suspense>
  );
}
export default FirstLoginFlow;
