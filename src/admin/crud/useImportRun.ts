// One all-or-nothing import from a dialog (policies, source data): the chosen file, spec 4's
// upload progress (0 to 99 while sending, 100 on success), the outcome (counts, or the row-by-row
// report of a refused file), the operateSuccess toast and the list reload.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { startProgress } from "../../shared/upload";

export function useImportRun<O extends { ok: boolean }>(send: (file: File) => Promise<O>, onImported: () => void, noFileKey: string) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<O | null>(null);
  const progress = useRef<ReturnType<typeof startProgress> | null>(null);

  useEffect(() => () => progress.current?.stop(), []);

  const reset = () => {
    setFile(null);
    setPercent(null);
    setOutcome(null);
  };

  /** A newly chosen file: the previous outcome and progress go. */
  const choose = (chosen: File) => {
    setFile(chosen);
    setOutcome(null);
    setPercent(null);
  };

  const run = async () => {
    if (!file) {
      toast(t(noFileKey), "warning");
      return;
    }
    setBusy(true);
    setOutcome(null);
    progress.current = startProgress(setPercent);
    try {
      const result = await send(file);
      if (result.ok) {
        progress.current.finish();
        toast(t("admin:messages.operateSuccess"), "success");
        onImported();
      } else {
        progress.current.stop();
        setPercent(null);
      }
      setOutcome(result);
    } catch {
      // A network failure or timeout: the client's toast said so.
      progress.current.stop();
      setPercent(null);
    } finally {
      setBusy(false);
    }
  };

  return { file, setFile, choose, percent, busy, outcome, reset, run };
}
