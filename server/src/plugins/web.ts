import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "../contract.ts";
import { ApiError } from "../lib/errors.ts";
import { sendError } from "./errors.ts";

/**
 * Serves the built web app (dist/) on the same port as the API; any other GET that wants HTML
 * gets index.html (client-side routes). Unknown API paths answer 404 with code 404.
 */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  const hasWeb = existsSync(path.join(webDir, "index.html"));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be fresh.
        res.setHeader("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === "GET" && !req.url.startsWith(API_PREFIX + "/") && (req.headers.accept ?? "").includes("text/html");
    if (hasWeb && wantsPage) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return sendError(reply, new ApiError(404, 404, "请求的地址不存在", "Provider path does not exist"));
  });
}
