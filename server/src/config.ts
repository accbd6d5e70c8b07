import path from "node:path";

/** Everything the server reads from the environment (documented in the README's table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  captchaEnabled: boolean;
  demoSeed: boolean;
  production: boolean;
  logLevel: string;
  webDir: string;
  /** Demo account passwords; a production start must set them (never the built-in demo ones). */
  adminPassword: string | undefined;
  staffPassword: string | undefined;
}

const flag = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === "" ? dflt : !/^(0|false|off|no)$/i.test(v);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    captchaEnabled: flag(env.CAPTCHA_ENABLED, true),
    demoSeed: flag(env.DEMO_SEED, !production),
    production,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    webDir: path.resolve(env.WEB_DIR ?? "./dist"),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    staffPassword: env.STAFF_PASSWORD || undefined,
  };
}
