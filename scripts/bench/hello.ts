// The API bench's baseline (issue 9): a bare Fastify hello-world route, started the way the
// portal's server is (`node --import tsx`, logger off, loopback), so the ratio of a portal route's
// req/s to this one's measures the portal's own work and not the machine.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
