// A second portal server for a spec that needs other settings than the suite's (an outside IdP,
// a proxy in front): e2e/support/serve.mjs with the given environment, on its own port and
// DATA_DIR, stopped by the spec.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A free loopback port (asked of the system, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export interface PortalServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the server and waits for /readyz (budget 180 s: the first start creates and seeds a cluster). */
export async function startPortalServer(port: number, env: Record<string, string>): Promise<PortalServer> {
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["e2e/support/serve.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", CAPTCHA_ENABLED: "false", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += String(d)));
  child.stderr!.on("data", (d) => (output += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal server exited (${child.exitCode}): ${output}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the portal server was not ready in 180 s: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => output,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM"); // serve.mjs passes it on once and removes its DATA_DIR
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
