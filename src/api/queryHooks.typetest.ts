// Type-level test of issue 22 item 3 (checked by `npm run typecheck`, not run): the typed call
// hooks accept only the contract's paths, methods and bodies. Each @ts-expect-error fails the type
// check if its line ever compiles.
import type { PortalQueryHooks } from "./queryHooks";

declare const api: PortalQueryHooks;

export function fine() {
  const roles = api.useQuery("get", "/sysRole");
  const names: string[] | undefined = roles.data?.data?.map((role) => role.roleCode);
  const check = api.useMutation("post", "/talkShow/checkTalkShow");
  check.mutate({ body: { id: 1, reviewStatus: 2, rejectReason: "off topic" } });
  return names;
}

export function wrong() {
  // @ts-expect-error "/sysRoles" is no path of the contract
  api.useQuery("get", "/sysRoles");
  // @ts-expect-error the entities are read with GET, there is no POST
  api.useQuery("post", "/sysAuditLog/entities");
  const check = api.useMutation("post", "/talkShow/checkTalkShow");
  // @ts-expect-error reviewStatus is 1 (approve) or 2 (reject), never a word
  check.mutate({ body: { id: 1, reviewStatus: "approve" } });
  const status = api.useMutation("put", "/talkShow/updateCheckTalkShowStatus");
  // @ts-expect-error the body's field is checkStatus
  status.mutate({ body: { status: true } });
  const roles = api.useQuery("get", "/sysRole");
  // @ts-expect-error a role has no field "code" (it is roleCode)
  return roles.data?.data?.[0].code;
}
