import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../../lib/envelope.ts";
import type { TagHandlers } from "../types.ts";

// The two probes (docs/decisions.md, issue 20):
// - /healthz, liveness: "this process can serve, or will by itself". 503 only while the database
//   this process runs (the embedded one) has stopped and is being restarted; a probe that keeps
//   seeing 503 may restart the server, which also recovers the database (and the server exits by
//   itself when the restarts fail). An external database being down is not the process's fault
//   and a restart would not fix it: /healthz stays 200 then.
// - /readyz, readiness: "send this instance requests": 200 only when the database answers
//   `SELECT 1` within READY_BUDGET_MS, else 503 with the database message.

/** A readiness probe gives up after about a second; answer before it does. */
const READY_BUDGET_MS = 2000;

const unavailable = (reply: FastifyReply, cn: string, en: string) =>
  reply.status(503).header("retry-after", "5").send({ code: 503, data: null, resultMessage: cn, resultEnMessage: en });

export const opsHandlers = {
  async healthz(req: FastifyRequest, reply: FastifyReply) {
    const own = req.server.ownDatabaseState?.();
    if (own?.state === "restarting")
      return unavailable(
        reply,
        `数据库已停止，正在重启（第 ${own.attempt}/${own.attempts} 次）`,
        `The database this server runs stopped and is being restarted (try ${own.attempt} of ${own.attempts})`,
      );
    if (own?.state === "failed")
      return unavailable(reply, "数据库无法重启，服务即将退出", "The database could not be restarted; the server is exiting");
    return ok(null);
  },

  async readyz(req: FastifyRequest, reply: FastifyReply) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("late")), READY_BUDGET_MS)));
    try {
      await Promise.race([req.server.db.execute(sql`SELECT 1`), late]);
      return ok(null);
    } catch {
      return unavailable(reply, "数据库不可用", "The database is not reachable");
    } finally {
      clearTimeout(timer);
    }
  },
} satisfies TagHandlers<"ops">;
