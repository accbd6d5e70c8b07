import { StatusTag } from "../StatusSwitch";
import type { SysRole } from "./types";

export function RoleStatusTag({ status }: { status: SysRole["status"] }) {
  return <StatusTag status={status} keys="roles" />;
}
