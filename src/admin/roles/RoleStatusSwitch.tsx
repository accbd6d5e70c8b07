// A role's enable/disable switch (the shared StatusSwitch with the roles' words).
import { StatusSwitch, type ModalApi } from "../StatusSwitch";
import type { SysRole } from "./types";

export type { ModalApi };

export function RoleStatusSwitch({ role, modal }: { role: SysRole; modal: ModalApi }) {
  return <StatusSwitch resource="sysRole" id={role.id} name={role.roleName} status={role.status} keys="roles" modal={modal} />;
}
