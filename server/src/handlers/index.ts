import type { FastifyReply } from "fastify";
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

// Handlers narrow the request to their operation's types (handlers/types.ts); the contract's
// validation has already enforced those shapes when a handler runs.
export type Handler = (req: any, reply: FastifyReply) => Promise<unknown>;

/** Built operations by operationId (one module per tag). Every other operation answers 501. */
export const handlers: Record<string, Handler> = {
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
