import type { FastifyInstance } from "fastify";
import { StreamHub } from "../lib/notifications/hub.ts";
import { NotificationListener } from "../lib/notifications/listener.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Issue 23: this instance's open notification streams and its listener on the database. */
    notifications: { hub: StreamHub; listener: NotificationListener };
  }
}

/**
 * Live notifications (issue 23): the streams of this instance and the one LISTEN connection that
 * feeds them. On close the streams end first (preClose: an open stream would hold the server's
 * close forever), then the listener's connection.
 */
export async function registerNotifications(app: FastifyInstance, databaseUrl: string) {
  const c = app.config.notifications;
  const hub = new StreamHub(c);
  const listener = new NotificationListener({
    databaseUrl,
    db: app.db,
    hub,
    log: app.log,
    resumeHours: c.resumeHours,
    keepDays: c.keepDays,
    sessionCheckSeconds: c.sessionCheckSeconds,
  });
  await listener.start();
  app.decorate("notifications", { hub, listener });
  app.addHook("preClose", async () => {
    hub.endAll();
  });
  app.addHook("onClose", async () => {
    await listener.stop();
  });
}
