// A role's name in the current language: the known roles by their code (portal:roleNames), any
// other role by the name the administrator gave it (role names are data, kept as entered).
import type { i18n as I18n } from "i18next";

export function roleLabel(i18n: Pick<I18n, "t">, roleCode: string, roleName: string): string {
  const names = i18n.t("portal:roleNames", { returnObjects: true }) as unknown;
  if (typeof names !== "object" || names === null || !Object.hasOwn(names, roleCode)) return roleName;
  const name = (names as Record<string, unknown>)[roleCode];
  return typeof name === "string" ? name : roleName;
}
