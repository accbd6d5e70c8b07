import formbody from "@fastify/formbody";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import openapiGlue from "fastify-openapi-glue";
import type pg from "pg";
import type { Config } from "./config.ts";
import { API_PREFIX, loadContract, operations, splitByPrefix } from "./contract.ts";
import { connect, runMigrations, type Db } from "./db/client.ts";
import type { EmbeddedState } from "./db/embedded.ts";
import { seedDemoCentres } from "./db/demo/centres.ts";
import { seedDemo } from "./db/seed.ts";
import { lazyCompilersFactory } from "./lib/lazySchemas.ts";
import { redactingStream } from "./lib/logRedaction.ts";
import { registerApiReference } from "./apiReference/routes.ts";
import { handlerFor } from "./handlers/index.ts";
import { recordAudit } from "./lib/audit.ts";
import { runAsActor } from "./db/actor.ts";
import { addReleaseMenus } from "./lib/releaseMenus.ts";
import { badRequest, notImplemented } from "./lib/errors.ts";
import { prepareServiceProvider } from "./lib/saml/sp.ts";
import { loadTransportKey, type TransportKey } from "./lib/transportKey.ts";
import { registerErrorHandler, sendFrameworkError } from "./plugins/errors.ts";
import { registerNotifications } from "./plugins/notifications.ts";
import { securityHandlers } from "./plugins/security.ts";
import { filePartKeyword, registerUploads } from "./plugins/uploads.ts";
import { BASE_HEADERS, registerWeb } from "./plugins/web.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
    config: Config;
    transportKey: TransportKey;
    /** The state of the database this process runs (the embedded one), for /healthz; undefined on DATABASE_URL. */
    ownDatabaseState: (() => EmbeddedState) | undefined;
  }
}

export interface BuildOptions {
  config: Config;
  /** The PostgreSQL to use (embedded or external); server.ts decides. */
  databaseUrl: string;
  /** The embedded database's state when this process runs it (server.ts); /healthz reports it. */
  ownDatabaseState?: () => EmbeddedState;
  /** Where the log lines go instead of stdout (a test reads them). */
  logStream?: NodeJS.WritableStream;
}

/** The API's addresses: everything under the prefix, and the health probes outside it. */
const isApiPath = (url: string) => url.startsWith(`${API_PREFIX}/`) || /^\/(healthz|readyz)(\?|$)/.test(url);

/** Builds the whole app: database, contract-driven routes, errors, web. server.ts only listens. */
export async function buildApp({ config, databaseUrl, ownDatabaseState, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        // "*.headers": any object logged with the request headers (@fastify/multipart logs its busboy options with them at trace).
        paths: [
          "req.headers.sid", "req.headers.authorization", "req.headers.cookie", "body.password", "body.oldPassword", "body.newPassword",
          "*.headers.sid", "*.headers.authorization", "*.headers.cookie",
        ],
        censor: "[redacted]",
      },
      // Secret query parameters (sid, web_sid, token, SAML messages) are cut from every line,
      // whichever part of Fastify or the app wrote the address (lib/logRedaction.ts).
      stream: redactingStream(logStream ?? process.stdout),
    },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: (err, _req, reply) => sendFrameworkError(err, reply),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: "array", useDefaults: true, allErrors: false, strict: false },
      plugins: [filePartKeyword],
    },
    // Each route's schemas compile on its first request, not at start-up (lib/lazySchemas.ts).
    schemaController: { compilersFactory: lazyCompilersFactory },
  });

  // Layer 1: data.
  const { pool, db } = connect(databaseUrl);
  app.decorate("pool", pool);
  app.decorate("db", db);
  app.decorate("config", config);
  app.decorate("ownDatabaseState", ownDatabaseState);
  app.decorateRequest("session", null);
  app.addHook("onClose", async () => {
    await pool.end();
  });
  await runMigrations(pool);
  if (config.demoSeed) {
    // the audit trail names the seed's entries (db/actor.ts)
    await runAsActor({ userId: null, name: "system", operation: "seed" }, () => seedDemo(db, config));
    await seedDemoCentres(db, config.demoSeedTime);
  }
  // A database seeded by an earlier release gets this release's menus (lib/releaseMenus.ts).
  const addedMenus = await runAsActor({ userId: null, name: "system", operation: "release menus" }, () => addReleaseMenus(db));
  if (addedMenus) app.log.info({ addedMenus }, "menus of this release added and granted to the administrator roles");
  app.decorate("transportKey", await loadTransportKey(db));
  // Issue 23: the listener of this instance (one LISTEN connection) and its open streams.
  await registerNotifications(app, databaseUrl);
  // The SAML keys load (and an older key row is upgraded) now: a key that cannot be opened stops the start.
  await prepareServiceProvider(app);

  // Layer 2: cross-cutting behaviour.
  registerErrorHandler(app);
  app.addHook("onSend", async (req, reply) => {
    reply.headers(BASE_HEADERS);
    // Issue 20: an API answer is someone's data (or says whether a session is alive); no browser or
    // proxy may keep a copy. An operation that may be cached says so itself (a picture's private
    // max-age); the web app's files have theirs (plugins/web.ts).
    if (!reply.hasHeader("cache-control") && isApiPath(req.url)) reply.header("cache-control", "no-store");
  });

  // Layer 3: every route from the contract; an operation without a handler answers 501.
  // Form posts (the SAML HTTP-POST binding, the dev IdP's page); development IdP routes only with DEV_IDP.
  // Uploads (multipart) and the declared-media-type check come before the routes they inspect.
  await app.register(formbody, { bodyLimit: 512 * 1024 });
  await registerUploads(app);
  const document = await loadContract();
  const contract = splitByPrefix(document, { devOnly: config.devIdp });
  // Fastify validates a body only when the request has one (with a content-type): a request with
  // none would reach the handler with no body at all. Operations whose body is required refuse it.
  const bodyRequired = new Set(operations(document).filter((o) => o.op.requestBody?.required).map((o) => o.operationId));
  const operationResolver = (operationId: string) => {
    const handler = handlerFor(operationId);
    if (!handler)
      return async () => {
        throw notImplemented(operationId);
      };
    // Admin writes (x-audit in the contract) are recorded once the handler answered code 0.
    return async (req: FastifyRequest, reply: FastifyReply) => {
      if (bodyRequired.has(operationId) && (req.body === undefined || req.body === null))
        throw badRequest("body", "required", "请求体不能为空", "The request body is required");
      // Issue 24: the audit trail names the person behind every write (db/actor.ts); a write
      // without a session (a sign-on provisioning a user, say) is the system's, named by its operation.
      // A read (GET without x-audit, outside the sign-on calls that provision people) skips it: it
      // costs a round trip per connection checkout.
      const s = req.session;
      const schema = req.routeOptions.schema as Record<string, unknown> | undefined;
      const writes = req.method !== "GET" || schema?.["x-audit"] !== undefined || (schema?.tags as string[] | undefined)?.includes("sso");
      const answer = !writes ? await handler(req, reply) : await runAsActor(
        { userId: s?.userId ?? null, name: s ? `${s.realName} (${s.userName})` : "system", operation: operationId },
        () => handler(req, reply),
      );
      const entity = schema?.["x-audit"];
      if (typeof entity === "string" && (answer as { code?: number } | undefined)?.code === 0)
        await recordAudit(req, operationId, entity, answer);
      return answer;
    };
  };
  // fastify-openapi-glue runs an operation's security as a preHandler, after body validation; run
  // it as a preValidation instead, so a request without a session (or without the permission) is
  // refused as such (401 / 403) before its body is judged, and an anonymous caller learns nothing
  // of an operation's schema. Glue routes are the only ones with a route-level preHandler.
  app.addHook("onRoute", (route) => {
    if (!route.preHandler) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...[route.preHandler].flat(), ...own];
    delete route.preHandler;
  });
  await app.register(openapiGlue, { specification: contract.api, operationResolver, securityHandlers, prefix: API_PREFIX });
  await app.register(openapiGlue, { specification: contract.root, operationResolver, securityHandlers });

  // The API reference page (issue 22): off unless API_REFERENCE says otherwise.
  await registerApiReference(app, config.apiReference);

  // Layer 4: the web app.
  await registerWeb(app, config.webDir);
  return app;
}
