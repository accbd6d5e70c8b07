// A stock Debian nginx as the reverse proxy in front of the portal (issue 19): the configuration a
// company's IT team writes first, listen + proxy_pass + the usual proxy_set_header lines, every
// buffer at nginx's defaults (proxy_buffer_size 4k/8k, large_client_header_buffers 4 8k). Runs
// from a temporary prefix on a loopback port, in the foreground, and is stopped by the spec.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const NGINX = "/usr/sbin/nginx";

export interface Nginx {
  origin: string;
  /** The error log (a 502 for an oversized header is explained there). */
  errors(): string;
  stop(): Promise<void>;
}

export async function startNginx(port: number, upstreamPort: number): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), "portal-nginx-"));
  // nginx's workers run as "nobody" when the master is root (CI): its temporary folders must be theirs to write.
  chmodSync(prefix, 0o755);
  for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(path.join(prefix, dir));
    chmodSync(path.join(prefix, dir), 0o777);
  }
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
events {}
http {
  access_log ${prefix}/access.log;
  # Where this throwaway prefix keeps request bodies and upstream answers (not buffer sizes).
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_set_header Host $host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const errorLog = path.join(prefix, "error.log");
  const child: ChildProcess = spawn(NGINX, ["-p", prefix, "-c", conf, "-e", errorLog, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const origin = `http://127.0.0.1:${port}`;
  // Ready when it answers (budget 30 s on a loaded machine).
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(`${origin}/healthz`).then(() => true, () => false);
    if (up) break;
    if (i > 300) throw new Error(`nginx did not answer in 30 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    errors: () => {
      try {
        return readFileSync(errorLog, "utf8");
      } catch {
        return "";
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT"); // graceful stop
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
