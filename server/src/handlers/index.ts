import type { FastifyReply, FastifyRequest } from "fastify";
import { adminUserHandlers } from "./users/adminUsers.ts";
import { authHandlers } from "./auth/auth.ts";
import { fileHandlers } from "./files/files.ts";
import { opsHandlers } from "./ops/ops.ts";
import { roleHandlers } from "./roles/roles.ts";
import { ssoHandlers } from "./sso/sso.ts";
import { userHandlers } from "./users/users.ts";
import { workspaceHandlers } from "./workspace/workspace.ts";
import { taskHandlers } from "./tasks/tasks.ts";
import { weatherHandlers } from "./workspace/weather.ts";
import { personalAppHandlers } from "./workspace/personalApps.ts";
import { helpCenterHandlers } from "./helpcenter/helpcenter.ts";
import { folderFollowHandlers } from "./helpcenter/follows.ts";
import { talkShowHandlers } from "./talkshow/talkShow.ts";
import { departmentHandlers } from "./policy/departments.ts";
import { enabledTagHandlers } from "./tags/enabledTags.ts";
import { searchHandlers } from "./search/search.ts";
import { catalogueHandlers } from "./apps/catalogue.ts";
import { adminTagHandlers } from "./tags/adminTags.ts";
import { adminAppHandlers } from "./apps/adminApps.ts";
import { adminPolicyHandlers } from "./policy/adminPolicy.ts";
import { adminMenuHandlers } from "./users/adminMenus.ts";
import { adminSourceDataHandlers } from "./sourceData/adminSourceData.ts";
import { adminHomeHandlers } from "./adminHome/adminHome.ts";
import { adminAuditHandlers } from "./audit/adminAudit.ts";
import { auditTrailHandlers } from "./audit/auditTrail.ts";
import { adminPrivacyHandlers } from "./auth/adminPrivacy.ts";
import { notificationHandlers } from "./notifications/notifications.ts";
import { campaignHandlers } from "./compliance/campaigns.ts";
import { acknowledgementHandlers } from "./compliance/acknowledgements.ts";
import { esignHandlers } from "./compliance/esign.ts";

import type { HandlerMap } from "./types.ts";

/**
 * Built operations by operationId, each module in the folder of its operations' tag
 * (handlers/<tag>/, its map `satisfies TagHandlers<"tag">`), each typed by its operation
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
  ...folderFollowHandlers,
  ...talkShowHandlers,
  ...departmentHandlers,
  ...enabledTagHandlers,
  ...searchHandlers,
  ...catalogueHandlers,
  ...adminTagHandlers,
  ...adminAppHandlers,
  ...adminPolicyHandlers,
  ...adminMenuHandlers,
  ...adminSourceDataHandlers,
  ...adminHomeHandlers,
  ...adminAuditHandlers,
  ...auditTrailHandlers,
  ...adminPrivacyHandlers,
  ...notificationHandlers,
  ...campaignHandlers,
  ...acknowledgementHandlers,
  ...esignHandlers,
};

/** The handler an operation id names at run time (route resolution, tests), if built. */
export function handlerFor(operationId: string): ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined {
  // The map is typed per operation; at run time the route's operation id is a plain string whose
  // request the contract's validation has already shaped, so one untyped view serves all.
  return (handlers as Record<string, ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined>)[operationId];
}
