import type { FastifyReply, FastifyRequest } from "fastify";
import { authHandlers } from "./auth.ts";
import { opsHandlers } from "./ops.ts";
import { roleHandlers } from "./roles.ts";

export type Handler = (req: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;

/** Built operations by operationId (one module per tag). Every other operation answers 501. */
export const handlers: Record<string, Handler> = {
  ...opsHandlers,
  ...authHandlers,
  ...roleHandlers,
};
