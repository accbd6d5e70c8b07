import path from "node:path";
import { parseIdpCertificates, parseSpCredentials } from "./lib/saml/pem.ts";

/** Everything the server reads from the environment (documented in the README's table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * How long a start waits for an external database (DATABASE_URL) that does not answer yet,
   * trying again with back-off (DATABASE_WAIT_SECONDS, 60 by default; 0 tries once).
   */
  databaseWaitSeconds: number;
  captchaEnabled: boolean;
  /**
   * Password log-ins a minute from one client address (baseLogin; HTTP 429 beyond). 30 by default;
   * raise it where many people share one address (an office NAT, a load run on loopback).
   */
  loginRateLimitPerMinute: number;
  /**
   * Complaints and replies one user may post a minute (five times that an hour; HTTP 429 beyond).
   * 20 by default, beyond any person's typing; raise it only for a load or durability run.
   */
  talkShowPostsPerMinute: number;
  /** Issue 24: how long a fresh SSO login made for signing may be used for one signature (ESIGN_REAUTH_MINUTES, default 5). */
  esignReauthMinutes: number;
  demoSeed: boolean;
  /**
   * The moment the demo seed places its calendar, tasks and complaints around (DEMO_SEED_TIME, an
   * ISO date-time); the time of the first start when unset. The end-to-end run pins it and shows
   * the browser that moment, so a run that crosses midnight still sees the seed day as today.
   */
  demoSeedTime: Date | undefined;
  production: boolean;
  logLevel: string;
  webDir: string;
  /** Demo account passwords; a production start must set them (never the built-in demo ones). */
  adminPassword: string | undefined;
  staffPassword: string | undefined;
  /** The browser-facing origin of this server (no trailing slash); SSO addresses are built on it. */
  publicUrl: string;
  /**
   * The built-in development identity provider (`/portal-api/devIdp/*`): anyone reaching it signs
   * in as anyone. Off in production, and off whenever a real IdP or token issuer is configured
   * (SAML_IDP_*, TOKEN_ISSUER, TOKEN_ISSUER_PUBLIC_KEY), unless DEV_IDP=force.
   */
  devIdp: boolean;
  /** DEV_IDP=force: the development IdP is on even beside a configured IdP or in production. */
  devIdpForced: boolean;
  sso: SsoConfig;
  weather: WeatherConfig;
  /**
   * The API reference page (`/api-reference`, issue 22): "off" (the default: no route, 404),
   * "admin" (the contract only to a signed-in administrator's session) or "open" (to anyone who
   * reaches the server). API_REFERENCE.
   */
  apiReference: ApiReferenceAccess;
  notifications: NotificationsConfig;
}

/** Live notifications (issue 23): the stream's limits and timings. */
export interface NotificationsConfig {
  /** Seconds between heartbeat comments on an open stream (NOTIFICATION_HEARTBEAT_SECONDS, 15). */
  heartbeatSeconds: number;
  /** Open streams one person may hold on one instance (NOTIFICATION_STREAMS_PER_USER, 6: tabs and devices). */
  streamsPerUser: number;
  /** Open streams one instance holds at most (NOTIFICATION_STREAMS_PER_INSTANCE, 5000). */
  streamsPerInstance: number;
  /** How far back a Last-Event-ID resume replays, in hours (NOTIFICATION_RESUME_HOURS, 24). */
  resumeHours: number;
  /** How long notifications are kept for the list, in days (NOTIFICATION_KEEP_DAYS, 90). */
  keepDays: number;
  /** Seconds between checks that each open stream's session is still alive (NOTIFICATION_SESSION_CHECK_SECONDS, 60). */
  sessionCheckSeconds: number;
}

export type ApiReferenceAccess = "off" | "admin" | "open";

/** The weather provider's HTTP APIs (Open-Meteo, keyless; ARCHITECTURE 8), without a trailing slash. */
export interface WeatherConfig {
  geocodingUrl: string;
  forecastUrl: string;
}

/** Single sign-on (ARCHITECTURE 7). The IdP fields are undefined when neither set nor the dev IdP. */
export interface SsoConfig {
  /** The IdP's HTTP-Redirect sign-on address. */
  idpSsoUrl: string | undefined;
  /**
   * The IdP's signing certificates (PEM, one or more: a key rollover lists old and new), each read
   * at start; empty = the dev IdP's certificate (from the database) when usesDevIdp.
   */
  idpCerts: string[];
  idpIssuer: string | undefined;
  /** The IdP's single logout address (HTTP-Redirect); unset = portal logout ends only the portal session. */
  idpSloUrl: string | undefined;
  spEntityId: string;
  acsUrl: string;
  /** This service provider's single logout endpoint (both bindings). */
  sloUrl: string;
  /** The SP metadata an IdP administrator imports. */
  metadataUrl: string;
  /** Allowed clock difference with the IdP in the time checks (SAML_CLOCK_SKEW_SECONDS, default 30 s). */
  clockSkewMs: number;
  /** Accept RSA-SHA1 signatures and SHA-1 digests (SAML_ALLOW_SHA1); refused by default. */
  allowSha1: boolean;
  /** Where the signing-in person's identifier is read: "nameId" or an attribute name. */
  userAttribute: string;
  /** Which user field that identifier is matched to, case-insensitively. */
  userMatch: "userName" | "email";
  /** Accept responses that answer no request of ours (an IdP app tile); off by default. */
  idpInitiated: boolean;
  /** The SP's certificate and key from the environment; undefined = made once and kept in the database. */
  spCredentials: { certPem: string; privatePem: string } | undefined;
  /** The secret that encrypts the SP's private key in the database (SAML_SP_KEY_SECRET, else SECRET_KEY). */
  spKeySecret: string | undefined;
  /** Create a staff user for an asserted name id that matches no user. */
  provision: boolean;
  /** The issuer of saml2Token / wechattoken and its RS256 public key (PEM; undefined = the dev IdP's). */
  tokenIssuer: string | undefined;
  tokenIssuerPublicKey: string | undefined;
  /** Whether the IdP settings point at the built-in development IdP. */
  usesDevIdp: boolean;
  usesDevTokenIssuer: boolean;
}

const flag = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === "" ? dflt : !/^(0|false|off|no)$/i.test(v);

const baseUrl = (name: string, v: string | undefined, dflt: string) => {
  const url = (v || dflt).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]+(\/.*)?$/.test(url)) throw new Error(`${name} must be an http(s) address: ${v}`);
  return url;
};

const dateTime = (name: string, v: string | undefined) => {
  if (v === undefined || v === "") return undefined;
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(d.getTime())) throw new Error(`${name} must be an ISO date-time: ${v}`);
  return d;
};

const positiveInt = (name: string, v: string | undefined, dflt: number) => {
  if (v === undefined || v === "") return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1: ${v}`);
  return n;
};

const pem = (v: string | undefined) => (v ? v.replace(/\\n/g, "\n") : undefined);

const seconds = (name: string, v: string | undefined, dflt: number, max: number) => {
  if (v === undefined || v === "") return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be a whole number of seconds from 0 to ${max}: ${v}`);
  return n;
};

const apiReferenceAccess = (v: string | undefined): ApiReferenceAccess => {
  const value = (v ?? "").trim().toLowerCase();
  if (value === "" || value === "off") return "off";
  if (value === "admin" || value === "open") return value;
  throw new Error(`API_REFERENCE must be off, admin or open: ${v}`);
};

const userMatch = (v: string | undefined): SsoConfig["userMatch"] => {
  if (v === undefined || v === "" || v === "userName") return "userName";
  if (v === "email") return "email";
  throw new Error(`SAML_USER_MATCH must be userName or email: ${v}`);
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const publicUrl = (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]+$/.test(publicUrl)) throw new Error(`PUBLIC_URL must be an origin like https://portal.example.com: ${env.PUBLIC_URL}`);
  const idpSet = !!(env.SAML_IDP_SSO_URL || env.SAML_IDP_CERT || env.SAML_IDP_ISSUER);
  const tokenIssuerSet = !!(env.TOKEN_ISSUER || env.TOKEN_ISSUER_PUBLIC_KEY);
  // A configured identity provider or token issuer means a real deployment: the development IdP
  // (which signs anyone in as anyone, administrators included) is then never on by default or by
  // DEV_IDP=true, only by the explicit DEV_IDP=force (issue 18).
  const devIdpForced = /^force$/i.test((env.DEV_IDP ?? "").trim());
  const devIdp = devIdpForced || (flag(env.DEV_IDP, !production) && !idpSet && !tokenIssuerSet);
  const devIdpBase = `${publicUrl}/portal-api/devIdp`;
  const usesDevIdp = devIdp && !idpSet;
  const usesDevTokenIssuer = devIdp && !tokenIssuerSet;
  const sso: SsoConfig = {
    idpSsoUrl: usesDevIdp ? `${devIdpBase}/sso` : env.SAML_IDP_SSO_URL || undefined,
    idpCerts: usesDevIdp || !env.SAML_IDP_CERT ? [] : parseIdpCertificates("SAML_IDP_CERT", env.SAML_IDP_CERT),
    idpIssuer: usesDevIdp ? devIdpBase : env.SAML_IDP_ISSUER || undefined,
    idpSloUrl: usesDevIdp ? undefined : env.SAML_IDP_SLO_URL ? baseUrl("SAML_IDP_SLO_URL", env.SAML_IDP_SLO_URL, "") : undefined,
    spEntityId: env.SAML_SP_ENTITY_ID || `${publicUrl}/portal-api/sso`,
    acsUrl: env.SAML_ACS_URL || `${publicUrl}/portal-api/sysUserEx/ssoAcs`,
    sloUrl: `${publicUrl}/portal-api/sso/slo`,
    metadataUrl: `${publicUrl}/portal-api/sso/metadata`,
    clockSkewMs: seconds("SAML_CLOCK_SKEW_SECONDS", env.SAML_CLOCK_SKEW_SECONDS, 30, 600) * 1000,
    allowSha1: flag(env.SAML_ALLOW_SHA1, false),
    userAttribute: env.SAML_USER_ATTRIBUTE?.trim() || "nameId",
    userMatch: userMatch(env.SAML_USER_MATCH),
    idpInitiated: flag(env.SAML_IDP_INITIATED, false),
    spCredentials: parseSpCredentials(env.SAML_SP_CERT, env.SAML_SP_KEY),
    spKeySecret: env.SAML_SP_KEY_SECRET || env.SECRET_KEY || undefined,
    provision: flag(env.SAML_PROVISION, false),
    tokenIssuer: usesDevTokenIssuer ? devIdpBase : env.TOKEN_ISSUER || undefined,
    tokenIssuerPublicKey: usesDevTokenIssuer ? undefined : pem(env.TOKEN_ISSUER_PUBLIC_KEY),
    usesDevIdp,
    usesDevTokenIssuer,
  };
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseWaitSeconds: env.DATABASE_WAIT_SECONDS === "0" ? 0 : positiveInt("DATABASE_WAIT_SECONDS", env.DATABASE_WAIT_SECONDS, 60),
    captchaEnabled: flag(env.CAPTCHA_ENABLED, true),
    loginRateLimitPerMinute: positiveInt("LOGIN_RATE_LIMIT_PER_MINUTE", env.LOGIN_RATE_LIMIT_PER_MINUTE, 30),
    talkShowPostsPerMinute: positiveInt("TALK_SHOW_POSTS_PER_MINUTE", env.TALK_SHOW_POSTS_PER_MINUTE, 20),
    esignReauthMinutes: positiveInt("ESIGN_REAUTH_MINUTES", env.ESIGN_REAUTH_MINUTES, 5),
    demoSeed: flag(env.DEMO_SEED, !production),
    demoSeedTime: dateTime("DEMO_SEED_TIME", env.DEMO_SEED_TIME),
    production,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    webDir: path.resolve(env.WEB_DIR ?? "./dist"),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    staffPassword: env.STAFF_PASSWORD || undefined,
    publicUrl,
    devIdp,
    devIdpForced,
    sso,
    weather: {
      geocodingUrl: baseUrl("WEATHER_GEOCODING_URL", env.WEATHER_GEOCODING_URL, "https://geocoding-api.open-meteo.com"),
      forecastUrl: baseUrl("WEATHER_FORECAST_URL", env.WEATHER_FORECAST_URL, "https://api.open-meteo.com"),
    },
    apiReference: apiReferenceAccess(env.API_REFERENCE),
    notifications: {
      heartbeatSeconds: positiveInt("NOTIFICATION_HEARTBEAT_SECONDS", env.NOTIFICATION_HEARTBEAT_SECONDS, 15),
      streamsPerUser: positiveInt("NOTIFICATION_STREAMS_PER_USER", env.NOTIFICATION_STREAMS_PER_USER, 6),
      streamsPerInstance: positiveInt("NOTIFICATION_STREAMS_PER_INSTANCE", env.NOTIFICATION_STREAMS_PER_INSTANCE, 5000),
      resumeHours: positiveInt("NOTIFICATION_RESUME_HOURS", env.NOTIFICATION_RESUME_HOURS, 24),
      keepDays: positiveInt("NOTIFICATION_KEEP_DAYS", env.NOTIFICATION_KEEP_DAYS, 90),
      sessionCheckSeconds: positiveInt("NOTIFICATION_SESSION_CHECK_SECONDS", env.NOTIFICATION_SESSION_CHECK_SECONDS, 60),
    },
  };
}
