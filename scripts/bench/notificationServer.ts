// Issue 23's bench (scripts/bench/notifications.ts): one server instance on a database another
// server runs (the multi-instance shape), forked with --expose-gc so the bench can ask for its heap
// after a full collection: "listening <port>" goes to the parent once it listens, and a "memory"
// message is answered with process.memoryUsage() after gc().
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";

const config = loadConfig(process.env);
const app = await buildApp({ config, databaseUrl: process.env.DATABASE_URL! });
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.send!({ listening: typeof address === "object" && address ? address.port : 0 });
process.on("message", async (m: { ask: string }) => {
  if (m.ask === "memory") {
    for (let i = 0; i < 3; i++) (globalThis as { gc?: () => void }).gc?.();
    process.send!({ memory: process.memoryUsage(), streams: app.notifications.hub.size });
  } else if (m.ask === "close") {
    await app.close();
    process.send!({ closed: true });
    process.exit(0);
  }
});
