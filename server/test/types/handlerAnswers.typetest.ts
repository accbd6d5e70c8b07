import type { HandlerMap, OpRequest } from "../../src/handlers/types.ts";
import { ok, paged } from "../../src/lib/envelope.ts";

// A type-level test, compiled by `npm run typecheck` (tsconfig includes server/): a handler that
// answers a shape its operation does not declare fails tsc (issue 22 item 3). Every
// `@ts-expect-error` below must be an error, or tsc reports the directive as unused and fails; the
// handlers without one must compile. Nothing here runs.

export const answers = {
  // The right shape compiles.
  async listAuditEntities(_req: OpRequest<"listAuditEntities">) {
    return ok(["sysRole"]);
  },

  // @ts-expect-error data must be a boolean (whether a session is alive), not a string.
  async getCheckTalkShowStatus(_req: OpRequest<"getCheckTalkShowStatus">) {
    return ok("yes");
  },

  // @ts-expect-error a page record must carry the contract's required fields (a role without roleCode).
  async sysRolePage(_req: OpRequest<"sysRolePage">) {
    return paged([{ id: 1, roleName: "Editor", status: 1 as const }], 1, 1, 10);
  },

  // @ts-expect-error a coded field takes only the contract's codes (status is 0 or 1).
  async sysRoleGetById(_req: OpRequest<"sysRoleGetById">) {
    return ok({ id: 1, roleName: "Editor", roleCode: "editor", status: 7 });
  },

  // @ts-expect-error an answer without its data is not the operation's answer.
  async listSysMenu(_req: OpRequest<"listSysMenu">) {
    return { code: 0, resultMessage: "操作成功", resultEnMessage: "Success" };
  },
} satisfies HandlerMap;
