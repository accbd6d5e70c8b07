import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../lib/envelope.ts";

export const opsHandlers = {
  async healthz() {
    return ok(null);
  },
  async readyz(req: FastifyRequest, reply: FastifyReply) {
    try {
      await req.server.db.execute(sql`SELECT 1`);
      return ok(null);
    } catch {
      return reply.status(503).send({ code: 503, data: null, resultMessage: "数据库不可用", resultEnMessage: "The database is not reachable" });
    }
  },
};
