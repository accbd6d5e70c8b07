// Type-level test of issue 22 item 2 (checked by `npm run typecheck`, not run): an admin
// definition's name is a resource of the contract's x-resource marks or an admin screen, so a typo
// does not compile. Each @ts-expect-error fails the type check if its line ever compiles.
import type { ResourceName } from "../../dataProviders/resources";
import { defineAdminResource } from "./types";

export const fine = [
  defineAdminResource({ name: "sysUser", route: "/sys/user", label: "menu.sysUser" }),
  defineAdminResource({ name: "home", route: "/home", label: "menu.home" }),
];

export const typos = [
  // @ts-expect-error "sysUsers" is no resource of the contract and no admin screen
  defineAdminResource({ name: "sysUsers", route: "/sys/user", label: "menu.sysUser" }),
  // @ts-expect-error a parent must be a definition's name too
  defineAdminResource({ name: "sysRole", parent: "system", label: "menu.sysRole" }),
];

// @ts-expect-error the data provider's resources are the contract's: an admin screen is none
export const notAResource: ResourceName = "home";
export const aResource: ResourceName = "sourceUpn";
