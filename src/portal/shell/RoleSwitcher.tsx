// Spec 4, 6: the header's role switcher, shown only to a user with more than one role. Choosing a
// role gets a new sid (changeRole), stores it, reloads user info and the menu permission maps; a
// loading flag shows when it takes longer than 7000 ms; a refusal's resultMessage is the client's
// toast. The switch itself (useRoleSwitch) also serves the header's "more" menu on a narrow screen.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Select, Spin } from "antd";
import { SwapOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { useAppSession } from "../../auth/SessionProvider";
import { type UserInfo } from "../../auth/sessionActions";
import { roleLabel } from "../../account/roleLabel";

/** Spec 4: the loading flag is set after this long. */
export const ROLE_CHANGE_LOADING_DELAY_MS = 7000;

export interface RoleSwitch {
  /** The roles to choose from (none for a user with one role), with their labels. */
  roles: { roleCode: string; label: string }[];
  current: string;
  switching: boolean;
  choose: (roleCode: string) => Promise<void>;
  /** The loading flag of spec 4 (a full-screen spinner), shown while `slow`. */
  slowIndicator: ReactNode;
}

/** The switch of the signed-in user (no roles to choose before the identity is known). */
export function useRoleSwitch(user: UserInfo | null | undefined): RoleSwitch {
  const { t, i18n } = useTranslation("portal");
  const { session, identity } = useAppSession();
  const [switching, setSwitching] = useState(false);
  const [slow, setSlow] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = async (roleCode: string) => {
    if (!user || roleCode === user.roleCode || switching) return;
    setSwitching(true);
    timer.current = setTimeout(() => setSlow(true), ROLE_CHANGE_LOADING_DELAY_MS);
    try {
      await session.changeRole(roleCode);
      await identity.invalidate(); // identity and permissions of the new role
    } catch {
      // the client has shown resultMessage; the session and its role are unchanged
    } finally {
      clearTimeout(timer.current);
      setSlow(false);
      setSwitching(false);
    }
  };

  return {
    roles: user && user.roles.length > 1 ? user.roles.map((role) => ({ roleCode: role.roleCode, label: roleLabel(i18n, role.roleCode, role.roleName) })) : [],
    current: user?.roleCode ?? "",
    switching,
    choose,
    slowIndicator: slow ? <Spin fullscreen tip={t("header.switchingRole")} /> : null,
  };
}

/** The header's select of the roles (wide screens); renders nothing for a user with one role. */
export function RoleSwitcher({ roleSwitch }: { roleSwitch: RoleSwitch }) {
  const { t } = useTranslation("portal");
  if (roleSwitch.roles.length === 0) return null;
  return (
    <Select
      aria-label={t("header.switchRole")}
      data-testid="role-switcher"
      value={roleSwitch.current}
      loading={roleSwitch.switching}
      disabled={roleSwitch.switching}
      suffixIcon={<SwapOutlined />}
      popupMatchSelectWidth={false}
      style={{ maxWidth: 160 }}
      options={roleSwitch.roles.map((role) => ({ value: role.roleCode, label: role.label }))}
      onChange={(roleCode: string) => void roleSwitch.choose(roleCode)}
    />
  );
}
