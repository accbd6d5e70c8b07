import type { FastifyReply, FastifyRequest } from "fastify";
import { adminUserHandlers } from "./adminUsers.ts";
import { authHandlers } from "./auth.ts";
import { fileHandlers } from "./files.ts";
import { opsHandlers } from "./ops.ts";
import { roleHandlers } from "./roles.ts";
import { ssoHandlers } from "./sso.ts";
import { userHandlers } from "./users.ts";
import { workspaceHandlers } from "./workspace.ts";
import { taskHandlers } from "./tasks.ts";
import { weatherHandlers } from "./weather.ts";
import { personalAppHandlers } from "./personalApps.ts";
import { helpCenterHandlers } from "./helpcenter.ts";
import { searchHandlers } from "./search.ts";
import { catalogueHandlers } from "./catalogue.ts";
import { adminTagHandlers } from "./adminTags.ts";
import { adminAppHandlers } from "./adminApps.ts";
import { adminPolicyHandlers } from "./adminPolicy.ts";
import { adminMenuHandlers } from "./adminMenus.ts";
import { adminSourceDataHandlers } from "./adminSourceData.ts";
import { adminHomeHandlers } from "./adminHome.ts";
import { adminAuditHandlers } from "./adminAudit.ts";
import { adminPrivacyHandlers } from "./adminPrivacy.ts";

import type { HandlerMap } from "./types.ts";

/**
 * Built operations by operationId (one module per tag), each typed by its operation
 * (handlers/types.ts): its request from the contract, its answer checked against the contract's
 * success body. Every other operation answers 501.
 */
export const handlers: HandlerMap = {
  ...opsHandlers,
  ...authHandlers,
  ...roleHandlers,
  ...ssoHandlers,
  ...userHandlers,
  ...adminUserHandlers,
  ...fileHandlers,
  ...workspaceHandlers,
  ...taskHandlers,
  ...weatherHandlers,
  ...personalAppHandlers,
  ...helpCenterHandlers,
  ...searchHandlers,
  ...catalogueHandlers,
  ...adminTagHandlers,
  ...adminAppHandlers,
  ...adminPolicyHandlers,
  ...adminMenuHandlers,
  ...adminSourceDataHandlers,
  ...adminHomeHandlers,
  ...adminAuditHandlers,
  ...adminPrivacyHandlers,
};

/** The handler an operation id names at run time (route resolution, tests), if built. */
export function handlerFor(operationId: string): ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined {
  // The map is typed per operation; at run time the route's operation id is a plain string whose
  // request the contract's validation has already shaped, so one untyped view serves all.
  return (handlers as Record<string, ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined>)[operationId];
}
