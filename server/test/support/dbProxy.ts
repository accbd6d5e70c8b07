import net from "node:net";
import { freePort } from "../../src/db/embedded.ts";

/**
 * A TCP relay in front of the test PostgreSQL, so a test can take "the database" away from an app
 * and give it back without stopping the PostgreSQL other test files share: `down()` cuts every
 * open connection (what a dying server does to its clients) and refuses new ones; `up()` listens
 * again on the same port.
 */
export interface DbProxy {
  port: number;
  /** `url` with its host and port pointing at the relay. */
  url: string;
  up(): Promise<void>;
  down(): Promise<void>;
  close(): Promise<void>;
}

export async function dbProxy(targetUrl: string, { startUp = true }: { startUp?: boolean } = {}): Promise<DbProxy> {
  const target = new URL(targetUrl);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => s.destroy());
  };
  let server: net.Server | null = null;

  const relay = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };

  const proxy: DbProxy = {
    port,
    url: Object.assign(new URL(targetUrl), { port: String(port), hostname: "127.0.0.1" }).toString(),
    async up() {
      if (server) return;
      const s = net.createServer(relay);
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, "127.0.0.1", () => resolve());
      });
      server = s;
    },
    async down() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async close() {
      await proxy.down();
    },
  };
  if (startUp) await proxy.up();
  return proxy;
}
