// How a role's name shows (issue 22 item 6): the roles the demo seed creates are stored with
// Chinese names (server/src/db/seed.ts), which an English page showed as they are (编辑, 员工).
// Decision: a seeded role whose stored name is still the seed's shows the name of its code in the
// page's language (admin.json roles.seeded.<code>); a role an administrator created or renamed
// shows its stored name in both languages (we cannot translate what a person typed).
import type { TFunction } from "i18next";

/** The seed's roles and names; a unit test holds them to server/src/db/seed.ts. */
export const SEEDED_ROLE_NAMES: Readonly<Record<string, string>> = { admin: "管理员", staff: "员工", editor: "编辑" };

export function roleLabel(roleCode: string, storedName: string, t: TFunction): string {
  return SEEDED_ROLE_NAMES[roleCode] === storedName ? t(`admin:roles.seeded.${roleCode}`) : storedName;
}
