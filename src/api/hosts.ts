// Spec 7: three base hosts (admin, content and help-centre services) are configuration, and every
// path is relative to one of them. This file owns which path goes to which service.

export type Service = "admin" | "content" | "help";
export type ServiceHosts = Record<Service, string>;

/** This server's own API prefix: the default of every base host (one process serves it all). */
export const DEFAULT_API_BASE = "/portal-api";

type HostEnv = Partial<Record<"VITE_ADMIN_API_BASE" | "VITE_CONTENT_API_BASE" | "VITE_HELP_API_BASE", string>>;

const orDefault = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : DEFAULT_API_BASE);

/** The hosts from Vite's env (build-time configuration), each defaulting to /portal-api. */
export function hostsFromEnv(env: HostEnv = import.meta.env as HostEnv): ServiceHosts {
  return {
    admin: orDefault(env.VITE_ADMIN_API_BASE),
    content: orDefault(env.VITE_CONTENT_API_BASE),
    help: orDefault(env.VITE_HELP_API_BASE),
  };
}

// First path segments served by the help-centre service (policies and folders live there too).
const HELP = /^(helpCenter|helpcenterTalkShow)/;
const HELP_EXACT = new Set(["bscPolicy", "bscFolder"]);
// First path segments served by the content service: everything personal, weather, layout, search.
const CONTENT = /^personal/;
const CONTENT_EXACT = new Set(["weatherCity", "bscDefaultLayout", "search"]);

/** The service of a contract path ("/helpCenter/getLabelList" -> "help"); admin by default. */
export function serviceOf(schemaPath: string): Service {
  const segment = schemaPath.replace(/^\/+/, "").split(/[/?]/, 1)[0];
  if (HELP.test(segment) || HELP_EXACT.has(segment)) return "help";
  if (CONTENT.test(segment) || CONTENT_EXACT.has(segment)) return "content";
  return "admin";
}

/**
 * Absolute, slash-free form of each host. A relative host ("/portal-api") is resolved against the
 * page, because a Request needs an absolute URL outside the browser's own fetch.
 */
export function resolveHosts(hosts: ServiceHosts, base = globalThis.location?.href): ServiceHosts {
  const resolve = (host: string) => (base ? new URL(host, base).href : host).replace(/\/+$/, "");
  return { admin: resolve(hosts.admin), content: resolve(hosts.content), help: resolve(hosts.help) };
}
