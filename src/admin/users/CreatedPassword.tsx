// After a user is created (the generic create page's afterCreate): the password the server
// generated, shown once in a dialog the administrator closes before going back to the list (it
// cannot be read again, only reset). An administrator-set password is not echoed: straight back.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";
import { PasswordOnce } from "./PasswordOnce";

type Created = components["schemas"]["SysUserCreateOk"]["data"];

export function CreatedPassword({ created, values, onDone }: { created: Created; values: Record<string, unknown>; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const password = created.initialPassword;
  useEffect(() => {
    if (!password) onDone();
  }, [password, onDone]);
  if (!password) return null;
  return <PasswordOnce open title={t("users.password.createdTitle", { userName: String(values.userName ?? "") })} password={password} onClose={onDone} />;
}
