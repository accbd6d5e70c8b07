// Spec 4, 6: the header's role switcher, shown only to a user with more than one role. Choosing a
// role gets a new sid (changeRole), stores it, reloads user info and the menu permission maps; a
// loading flag shows when it takes longer than 7000 ms; a refusal's resultMessage is the client's
// toast.
import { useEffect, useRef, useState } from "react";
import { Select, Spin } from "antd";
import { SwapOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { invalidateAuth } from "../../auth/hooks";
import { sessionActions, type UserInfo } from "../../authProvider";
import { roleLabel } from "./roleLabel";

/** Spec 4: the loading flag is set after this long. */
export const ROLE_CHANGE_LOADING_DELAY_MS = 7000;

export function RoleSwitcher({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation("portal");
  const [switching, setSwitching] = useState(false);
  const [slow, setSlow] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (user.roles.length <= 1) return null;

  const choose = async (roleCode: string) => {
    if (roleCode === user.roleCode || switching) return;
    setSwitching(true);
    timer.current = setTimeout(() => setSlow(true), ROLE_CHANGE_LOADING_DELAY_MS);
    try {
      await sessionActions.changeRole(roleCode);
      await invalidateAuth(); // identity and permissions of the new role
    } catch {
      // the client has shown resultMessage; the session and its role are unchanged
    } finally {
      clearTimeout(timer.current);
      setSlow(false);
      setSwitching(false);
    }
  };

  return (
    <>
      <Select
        aria-label={t("header.switchRole")}
        data-testid="role-switcher"
        value={user.roleCode}
        loading={switching}
        disabled={switching}
        suffixIcon={<SwapOutlined />}
        popupMatchSelectWidth={false}
        options={user.roles.map((role) => ({ value: role.roleCode, label: roleLabel(i18n, role.roleCode, role.roleName) }))}
        onChange={(roleCode: string) => void choose(roleCode)}
      />
      {slow && <Spin fullscreen tip={t("header.switchingRole")} />}
    </>
  );
}
