import type { Config } from "./config.ts";

// What server.ts prints once it listens. Kept apart from server.ts (which only listens) so a test
// can read exactly what an operator sees.

/**
 * The development IdP warning, Chinese then English, or none when it is off. It signs anyone in
 * as anyone (issue 18): an operator who did not mean to run it must not miss it.
 */
export function devIdpWarning(config: Pick<Config, "devIdp" | "devIdpForced">): string[] {
  if (!config.devIdp) return [];
  const why = config.devIdpForced
    ? ["它由 DEV_IDP=force 强制开启。", "It is forced on by DEV_IDP=force."]
    : ["配置 SAML_IDP_* 或 TOKEN_ISSUER，或设置 DEV_IDP=false，即可关闭它。", "Configure SAML_IDP_* or TOKEN_ISSUER, or set DEV_IDP=false, to turn it off."];
  return [
    "!!! 警告：开发用身份提供者已开启（/portal-api/devIdp）：任何能访问本服务器的人都可以不用密码以任何用户（包括管理员）的身份登录。" + why[0],
    "!!! WARNING: the development identity provider is on (/portal-api/devIdp): anyone who can reach this server can sign in as any user, administrators included, without a password. " + why[1],
  ];
}

/** The start banner: the two addresses, the demo accounts (demo seed outside production), warnings. */
export function startBanner(
  config: Pick<Config, "devIdp" | "devIdpForced" | "demoSeed" | "production">,
  url: string,
  demoAccounts: readonly { userName: string; password: string }[],
): string {
  const lines = ["", `Employee portal: ${url}/baseLogin`, `Admin shell:     ${url}/baseLogin?system=stageAdmin`];
  if (config.demoSeed && !config.production) lines.push(`Demo accounts:   ${demoAccounts.map((a) => `${a.userName} / ${a.password}`).join("   ")}`);
  const warning = devIdpWarning(config);
  if (warning.length) lines.push("", ...warning);
  return lines.join("\n");
}
