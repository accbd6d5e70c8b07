import { sysRole } from "../../src/handlers/roles/roles.ts";
import type { HandlerMap } from "../../src/handlers/types.ts";
import { bindResource } from "../../src/lib/resource.ts";

// A type-level test of the server's resource binding (issue 22 item 2), compiled by
// `npm run typecheck`: the generic layer's handlers are bound to the operations the contract's
// x-resource marks name (common/generated/resources.ts). Every `@ts-expect-error` must be an error.

// The role resource's five marked operations, each typed by its own operation.
export const roles = { ...bindResource("sysRole", sysRole) } satisfies HandlerMap;
export const rolePage: HandlerMap["sysRolePage"] = roles.sysRolePage;
export const roleStatus: HandlerMap["changeRoleStatus"] = roles.changeRoleStatus;

// @ts-expect-error sysRole has no removeById mark in the contract: no operation to bind.
export const noRemoval = bindResource("sysRole", sysRole, ["removeById"]);

// @ts-expect-error "sysRoles" is no resource of the contract.
export const typo = bindResource("sysRoles", sysRole);

// The role layer bound to the user resource's page answers role records where the user page
// declares users: the typed handler map refuses it.
const handlerMap = (map: HandlerMap) => map;
// @ts-expect-error a role page is not the user page's answer (records without userName ...).
export const wrongLayer = handlerMap({ ...bindResource("sysUser", sysRole, ["page"]) });
