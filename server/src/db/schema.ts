import { getTableColumns, sql } from "drizzle-orm";
import {
  bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
  type AnyPgColumn,
  type PgTable,
} from "drizzle-orm/pg-core";
import type { components } from "../../../src/api/schema.d.ts";

// Coded columns carry the contract's value sets (issue 22 item 3): a row read here has the type the
// contract answers, so a handler's answer is checked against the contract without a cast.
type Flag = 0 | 1;
type ModelCode = components["schemas"]["ModelCode"];
type PolicyStatus = components["schemas"]["PolicyStatus"];
type ReviewStatus = components["schemas"]["ReviewStatus"];
type PcOrH5Status = components["schemas"]["PcOrH5Status"];

/** PostgreSQL bytea as a Node Buffer (node-postgres reads and writes Buffers natively). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * The version of a record an administrator edits (issue 20): 1 when created, one higher after every
 * change of what its edit form shows (links such as a role's menus included). An edit sends back the
 * version it read; a stale one is refused with 409 (server/src/lib/versions.ts).
 */
const recordVersion = () => integer("version").notNull().default(1);

// The database schema (ARCHITECTURE 5). Migrations are generated from it with drizzle-kit
// (`npx drizzle-kit generate`) into server/src/db/migrations and applied at start.

export const users = pgTable("sys_user", {
  id: serial("id").primaryKey(),
  userName: varchar("user_name", { length: 20 }).notNull().unique(),
  realName: varchar("real_name", { length: 50 }).notNull(),
  passwordHash: text("password_hash").notNull(),
  status: smallint("status").$type<Flag>().notNull().default(1),
  email: varchar("email", { length: 100 }),
  phone: varchar("phone", { length: 20 }),
  bu: varchar("bu", { length: 100 }),
  /** The department (help-centre recommended tags, policy owners, sysDeptInfo). */
  deptId: integer("dept_id").references((): AnyPgColumn => depts.id, { onDelete: "set null" }),
  /** The avatar: an avatar-purpose file of this user (POST /sysUserEx/saveIcon). */
  headIconFileId: integer("head_icon_file_id").references((): AnyPgColumn => files.id, { onDelete: "set null" }),
  /** Last change by the user (updatepwd); null when never changed. */
  passwordUpdateTime: timestamp("password_update_time", { withTimezone: true }),
  /**
   * The password was given by an administrator (a new user, a reset): a password sign-in may do
   * nothing but change it until the user has (issue 21). Cleared by updatepwd.
   */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  version: recordVersion(),
}, (t) => [
  // the admin user page's "part of the account or the real name" filter (issue 9: 20,000 users)
  index("sys_user_name_trgm").using("gin", sql`${t.userName} gin_trgm_ops`),
  index("sys_user_real_name_trgm").using("gin", sql`${t.realName} gin_trgm_ops`),
  // its BU filter (part of the BU's name): 16 to 4 ms for a count of one BU of twelve at 20,000 users
  index("sys_user_bu_trgm").using("gin", sql`${t.bu} gin_trgm_ops`),
]);

export const roles = pgTable("sys_role", {
  id: serial("id").primaryKey(),
  roleName: varchar("role_name", { length: 50 }).notNull(),
  roleCode: varchar("role_code", { length: 30 }).notNull().unique(),
  description: varchar("description", { length: 200 }),
  remark: varchar("remark", { length: 200 }),
  status: smallint("status").$type<Flag>().notNull().default(1),
  /**
   * The administrator role (issue 18): its sessions are administrators (may act for any userId),
   * and the server keeps at least one enabled user holding an enabled one that can manage users
   * and roles (lib/administrators.ts). A property of the role, not of its code: set by the seed
   * and by `npm run admin:reset`, never through the API.
   */
  isAdmin: boolean("is_admin").notNull().default(false),
  createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  version: recordVersion(),
});

export const userRoles = pgTable(
  "sys_user_role",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    /** 0 is the primary role ("first role selected will be primary"). */
    sort: smallint("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("sys_user_role_role_idx").on(t.roleId)],
);

export const menus = pgTable(
  "sys_menu",
  {
    id: serial("id").primaryKey(),
    menuCode: integer("menu_code").notNull(),
    menuName: varchar("menu_name", { length: 50 }).notNull(),
    url: varchar("url", { length: 200 }).notNull(),
    interfaceUrl: varchar("interface_url", { length: 200 }),
    img: varchar("img", { length: 100 }),
    type: smallint("type").$type<Flag>().notNull().default(0),
    parentId: integer("parent_id"),
    hidden: smallint("hidden").$type<Flag>().notNull().default(0),
    version: recordVersion(),
  },
  (t) => [index("sys_menu_parent_idx").on(t.parentId), index("sys_menu_url_idx").on(t.url)],
);

export const roleMenus = pgTable(
  "sys_role_menu",
  {
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    menuId: integer("menu_id").notNull().references(() => menus.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index("sys_role_menu_menu_idx").on(t.menuId)],
);

/** Sessions: only the SHA-256 of the sid is stored. */
export const sessions = pgTable(
  "sys_session",
  {
    sidHash: varchar("sid_hash", { length: 64 }).primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The role the session runs under, by id: renaming a role's code changes nothing for it. */
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    /** How the sign-in that opened this session was made (a role change keeps it). */
    loginType: varchar("login_type", { length: 20 }).notNull().default("password"),
    /** When that sign-in happened (a role change keeps it; the new row's created_at is the switch). */
    loginAt: timestamp("login_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * A SAML sign-in's subject at the IdP (the NameID as asserted, its format, the IdP's
     * SessionIndex): single logout names it, and an IdP's LogoutRequest finds the sessions by it.
     */
    samlNameId: varchar("saml_name_id", { length: 500 }),
    samlNameIdFormat: varchar("saml_name_id_format", { length: 200 }),
    samlSessionIndex: varchar("saml_session_index", { length: 200 }),
  },
  (t) => [index("sys_session_user_idx").on(t.userId), index("sys_session_saml_name_id_idx").on(t.samlNameId)],
);

/** Captcha challenges: single use, short-lived, the code stored hashed. */
export const captchaChallenges = pgTable("sys_captcha", {
  challengeHash: varchar("challenge_hash", { length: 64 }).primaryKey(),
  codeHash: varchar("code_hash", { length: 64 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Login back-off per account and per client address (keys "acct:<name>", "ip:<addr>"). */
export const loginThrottle = pgTable("sys_login_throttle", {
  key: varchar("key", { length: 120 }).primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters shared by every instance (captcha, status check, login). */
export const rateCounters = pgTable("sys_rate_counter", {
  key: varchar("key", { length: 160 }).primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  count: integer("count").notNull().default(0),
});

/** Server-wide secrets shared by all instances (the RSA transport key pair). */
export const serverKeys = pgTable("sys_server_key", {
  name: varchar("name", { length: 50 }).primaryKey(),
  publicPem: text("public_pem").notNull(),
  /** PEM, or sealed (AES-256-GCM, lib/saml/sealedKey.ts) when a key secret is configured. */
  privatePem: text("private_pem").notNull(),
  /** The key's self-signed certificate (SAML keys; made on first use, lib/saml/keys.ts). */
  certPem: text("cert_pem"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const personalStatusRecords = pgTable("personal_status_record", {
  id: serial("id").primaryKey(),
  userId: integer("user_id").notNull().unique().references(() => users.id, { onDelete: "cascade" }),
  languageStatus: varchar("language_status", { length: 2 }).$type<"cn" | "en">().notNull().default("cn"),
  noviceGuideStatus: smallint("novice_guide_status").$type<Flag>().notNull().default(0),
  privacyStatus: smallint("privacy_status").$type<Flag>().notNull().default(0),
  privacyVersion: varchar("privacy_version", { length: 20 }),
  /** Dress Up (spec 3 local keys themeColor, themeHeadColor, themeCode; spec 9 codes 0 to 3), kept so it follows the user. */
  themeCode: smallint("theme_code").notNull().default(0),
  themeColor: varchar("theme_color", { length: 7 }),
  themeHeadColor: varchar("theme_head_color", { length: 7 }),
});

export const privacyPolicies = pgTable(
  "bsc_privacy_policy",
  {
    id: serial("id").primaryKey(),
    policyContent: text("policy_content").notNull(),
    policyVersion: varchar("policy_version", { length: 20 }).notNull(),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("bsc_privacy_policy_version_uq").on(t.policyVersion)],
);

/**
 * Uploaded files (ARCHITECTURE 5): the bytes live in the row, so a file and its row can never
 * disagree and every API instance sees the same files. The type is the one detected from the bytes.
 */
export const files = pgTable(
  "sys_file",
  {
    id: serial("id").primaryKey(),
    ownerUserId: integer("owner_user_id").notNull().references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    mime: varchar("mime", { length: 100 }).notNull(),
    size: integer("size").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    /** avatar (/file/upload), picture (/file/uploadPicture) or file (/fileInfoEx/uploadFile). */
    purpose: varchar("purpose", { length: 10 }).notNull(),
    content: bytea("content").notNull(),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sys_file_owner_idx").on(t.ownerUserId, t.purpose)],
);

export const meta = pgTable("sys_meta", {
  key: varchar("key", { length: 50 }).primaryKey(),
  value: text("value").notNull(),
  flag: boolean("flag").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

// ---------------------------------------------------------------- single sign-on (ARCHITECTURE 7)
// SSO state lives here, never in process memory, so any instance can finish a sign-on another
// instance started. Expired rows are swept when new ones are written.

/** AuthnRequest ids this service provider sent, for the InResponseTo check (node-saml's cache). */
export const samlRequests = pgTable(
  "sso_saml_request",
  {
    id: varchar("id", { length: 100 }).primaryKey(),
    /** node-saml's value: the request's IssueInstant. */
    value: varchar("value", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_saml_request_expires_idx").on(t.expiresAt)],
);

/** Response and assertion ids already accepted ("response:ID", "assertion:ID"): a replay is refused. */
export const samlReplays = pgTable(
  "sso_saml_replay",
  {
    key: varchar("key", { length: 300 }).primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_saml_replay_expires_idx").on(t.expiresAt)],
);

/**
 * The one-time codes the assertion consumer hands the browser instead of the SAML response (issue
 * 19): the code is in the /relogin address, a binding secret in an HttpOnly cookie set by the same
 * answer; both are stored hashed. Redeemed once (ssoCodeLogin), within a minute. A code carries
 * either the signed-in person (the session is opened when it is redeemed) or the refusal to show.
 */
export const ssoHandoffs = pgTable(
  "sso_handoff",
  {
    codeHash: varchar("code_hash", { length: 64 }).primaryKey(),
    bindingHash: varchar("binding_hash", { length: 64 }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    samlNameId: varchar("saml_name_id", { length: 500 }),
    samlNameIdFormat: varchar("saml_name_id_format", { length: 200 }),
    samlSessionIndex: varchar("saml_session_index", { length: 200 }),
    /** A refusal to answer instead (HTTP status, body code, both messages, the rule); null on success. */
    error: jsonb("error").$type<{ status: number; code: number; cn: string; en: string; errors?: { field: string; rule: string; message: string; enMessage: string }[] }>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_handoff_expires_idx").on(t.expiresAt)],
);

/** jti of saml2Token / wechattoken logins already used (tokens are single use). */
export const usedTokens = pgTable(
  "sso_token_jti",
  {
    jti: varchar("jti", { length: 300 }).primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sso_token_jti_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------- workspace (spec 2.7, 3, 7.1, 7.2)

/** The default card layout (GET /bscDefaultLayout): product data, written by the migration (spec 9 px). */
export const defaultLayouts = pgTable("bsc_default_layout", {
  id: serial("id").primaryKey(),
  modelCode: varchar("model_code", { length: 20 }).$type<ModelCode>().notNull().unique(),
  modelAbscissaLength: integer("model_abscissa_length").notNull(),
  modelOrdinateLength: integer("model_ordinate_length").notNull(),
  modelTopMargin: integer("model_top_margin").notNull(),
  modelLeftMargin: integer("model_left_margin").notNull(),
  modelZoom: integer("model_zoom").notNull().default(0),
  isDeleted: smallint("is_deleted").$type<Flag>().notNull().default(0),
});

/**
 * A user's layout cards (spec 3): one row per card type and screen-size breakpoint. The numbers
 * are in the units of layoutVersion (the web app's grid); a version the app does not know makes
 * it fall back to the default layout.
 */
export const personalLayouts = pgTable(
  "personal_layout",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    breakpoint: varchar("breakpoint", { length: 2 }).$type<components["schemas"]["Breakpoint"]>().notNull().default("lg"),
    layoutVersion: integer("layout_version").notNull().default(1),
    modelCode: varchar("model_code", { length: 20 }).$type<ModelCode>().notNull(),
    modelAbscissaLength: integer("model_abscissa_length").notNull(),
    modelOrdinateLength: integer("model_ordinate_length").notNull(),
    modelTopMargin: integer("model_top_margin").notNull(),
    modelLeftMargin: integer("model_left_margin").notNull(),
    modelZoom: integer("model_zoom").notNull().default(0),
    isDeleted: smallint("is_deleted").$type<Flag>().notNull().default(0),
    updateTime: timestamp("update_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("personal_layout_card_uq").on(t.userId, t.breakpoint, t.modelCode)],
);

/** The columns of an app catalogue: applications (bsc_app) and portal applications (bsc_portal_app). */
const catalogueColumns = () => ({
  id: serial("id").primaryKey(),
  appName: varchar("app_name", { length: 100 }).notNull(),
  appUrl: varchar("app_url", { length: 2000 }).notNull(),
  keyword: varchar("keyword", { length: 50 }).unique(),
  description: varchar("description", { length: 500 }),
  appIconUrl: varchar("app_icon_url", { length: 2000 }),
  /** 0 all devices, 1 mobile (H5), 2 PC. */
  pcOrH5Status: smallint("pc_or_h5_status").$type<PcOrH5Status>().notNull().default(0),
  status: smallint("status").$type<Flag>().notNull().default(1),
  createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  version: recordVersion(),
});

/** The application catalogue (admin bscApp, spec 3 Application); on shelf when status is 1. */
export const bscApps = pgTable("bsc_app", catalogueColumns());

/** An app in one user's list (my apps): picked from the catalogue (appId) or added by hand (diyStatus 1). */
export const personalApps = pgTable(
  "personal_app",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    appId: integer("app_id").references(() => bscApps.id, { onDelete: "cascade" }),
    appName: varchar("app_name", { length: 100 }).notNull(),
    appIconUrl: varchar("app_icon_url", { length: 2000 }),
    appUrl: varchar("app_url", { length: 2000 }).notNull(),
    appSort: integer("app_sort").notNull().default(0),
    favoriteStatus: smallint("favorite_status").$type<Flag>().notNull().default(0),
    diyStatus: smallint("diy_status").$type<Flag>().notNull().default(0),
    pcOrH5Status: smallint("pc_or_h5_status").$type<PcOrH5Status>().notNull().default(0),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("personal_app_user_idx").on(t.userId, t.favoriteStatus, t.appSort),
    uniqueIndex("personal_app_pick_uq").on(t.userId, t.appId),
  ],
);

/** The data sources (admin bscChart, spec 3 Data source): reports a user can add to my data. */
export const bscCharts = pgTable("bsc_chart", {
  id: serial("id").primaryKey(),
  dataName: varchar("data_name", { length: 100 }).notNull(),
  dataUrl: varchar("data_url", { length: 2000 }).notNull(),
  originalUrl: varchar("original_url", { length: 2000 }),
  pcOrH5Status: smallint("pc_or_h5_status").$type<PcOrH5Status>().notNull().default(0),
  /** Compatibility range (spec 3), free text such as "Chrome 90+". */
  compatibility: varchar("compatibility", { length: 100 }),
  status: smallint("status").$type<Flag>().notNull().default(1),
  createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  version: recordVersion(),
});

/** A report of one user's my-data carousel and data centre (spec 3 personal chart). */
export const personalCharts = pgTable(
  "personal_chart",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    chartId: integer("chart_id").references(() => bscCharts.id, { onDelete: "set null" }),
    dataName: varchar("data_name", { length: 100 }).notNull(),
    dataUrl: varchar("data_url", { length: 2000 }).notNull(),
    originalUrl: varchar("original_url", { length: 2000 }),
    pcOrH5Status: smallint("pc_or_h5_status").$type<PcOrH5Status>().notNull().default(0),
    dataSort: integer("data_sort").notNull().default(0),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("personal_chart_user_idx").on(t.userId, t.dataSort)],
);

/** Calendar entries (spec 3), synchronised from the company calendar in a real deployment. */
export const personalCalendars = pgTable(
  "personal_calendar",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    calendarName: varchar("calendar_name", { length: 200 }).notNull(),
    calendarStartTime: timestamp("calendar_start_time", { withTimezone: true }).notNull(),
    calendarEndTime: timestamp("calendar_end_time", { withTimezone: true }).notNull(),
    calendarMeeting: varchar("calendar_meeting", { length: 200 }),
    calendarOrganizer: varchar("calendar_organizer", { length: 100 }),
    calendarUrl: varchar("calendar_url", { length: 2000 }),
  },
  (t) => [index("personal_calendar_user_start_idx").on(t.userId, t.calendarStartTime)],
);

/**
 * One user's view of a task (spec 3 task row and task-centre task): received (receiveOrSponsor 0)
 * or started (1), handled by the user or not, completed or not. Synchronised from the workflow
 * systems in a real deployment.
 */
export const personalTasks = pgTable(
  "personal_task",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    receiveOrSponsor: smallint("receive_or_sponsor").notNull().default(0),
    handledStatus: smallint("handled_status").notNull().default(0),
    completeStatus: smallint("complete_status").notNull().default(0),
    /** 1 approval task, 0 other. */
    taskStatus: smallint("task_status").$type<Flag>().notNull().default(1),
    formStatus: smallint("form_status").$type<0 | 1 | 2 | 3 | 4>(),
    taskName: varchar("task_name", { length: 200 }).notNull(),
    taskUrl: varchar("task_url", { length: 2000 }),
    taskStartTime: timestamp("task_start_time", { withTimezone: true }),
    taskSponsor: varchar("task_sponsor", { length: 100 }),
    taskApprovedPerson: varchar("task_approved_person", { length: 100 }),
    taskCompleteTime: timestamp("task_complete_time", { withTimezone: true }),
    taskCurrentApproved: varchar("task_current_approved", { length: 100 }),
    type: varchar("type", { length: 50 }),
    title: varchar("title", { length: 200 }),
    requestDate: timestamp("request_date", { withTimezone: true }),
    requestor: varchar("requestor", { length: 100 }),
    approvedBy: varchar("approved_by", { length: 100 }),
    pendingOn: varchar("pending_on", { length: 100 }),
    reminderDate: timestamp("reminder_date", { withTimezone: true }),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    completionDate: timestamp("completion_date", { withTimezone: true }),
    processStatus: smallint("process_status").$type<0 | 1 | 2 | 3 | 4 | 5 | 6 | 7>(),
    approvalStatus: smallint("approval_status").$type<1 | 2 | 4 | 8 | 16 | 32>(),
  },
  (t) => [
    index("personal_task_list_idx").on(t.userId, t.receiveOrSponsor, t.handledStatus, t.requestDate.desc(), t.id.desc()),
  ],
);

/** A city of one user's weather list (spec 3 weather city), at most 4. */
export const personalWeatherCities = pgTable(
  "personal_weather_city",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    cityId: varchar("city_id", { length: 50 }).notNull(),
    cityName: varchar("city_name", { length: 100 }).notNull(),
    showOrder: smallint("show_order").notNull().default(0),
  },
  (t) => [uniqueIndex("personal_weather_city_uq").on(t.userId, t.cityId)],
);

/**
 * Cities the weather provider has returned (their coordinates, for the forecast) and each city's
 * last weather answer, shared by every instance (ARCHITECTURE 11). Never user data.
 */
export const weatherCities = pgTable("weather_city", {
  cityId: varchar("city_id", { length: 50 }).primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  path: varchar("path", { length: 300 }).notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  timezone: varchar("timezone", { length: 60 }),
  /** The cached weather: current, low and high temperature (°C), WMO code, day or night. */
  nowTemp: doublePrecision("now_temp"),
  lowTemp: doublePrecision("low_temp"),
  highTemp: doublePrecision("high_temp"),
  wmoCode: smallint("wmo_code"),
  isDay: boolean("is_day"),
  weatherAt: timestamp("weather_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ------------------------------------------------------------------ centres and search (issue 6)

/** Trigram GIN index for substring search (ILIKE '%x%') in Chinese and English alike. */
const trgm = (name: string, col: AnyPgColumn) => index(name).using("gin", sql`${col} gin_trgm_ops`);

/**
 * The characters of some columns, lower-cased, as text[] (issue 9): a GIN index on it serves the
 * searches a trigram index cannot, keywords without three letters or digits in a row (a Chinese
 * surname, a two-character name), through lib/like.ts charsCover. The handlers use this same
 * expression, so the index matches it.
 */
export const charsOf = (...cols: AnyPgColumn[]) =>
  sql`(string_to_array(lower(${sql.join(cols.map((c) => sql`coalesce(${c}, '')`), sql` || `)}), NULL))`;
const chars = (name: string, ...cols: AnyPgColumn[]) => index(name).using("gin", charsOf(...cols));
/**
 * B-tree on lower(col): the searches' "equals the keyword ignoring case" (search.ts exactFirst), so
 * the exact matches of a keyword that matches thousands of rows are found without reading them.
 */
const caseless = (name: string, col: AnyPgColumn) => index(name).on(sql`lower(${col})`);
/**
 * A stored lower-case copy of a column, kept by PostgreSQL (a generated column): the UPN and
 * certificate searches and their admin lists match it with LIKE and a lower-cased pattern, which finds what ILIKE on the
 * column finds (in a multibyte database ILIKE is lower(text) LIKE lower(pattern)) without
 * lower-casing every row it checks; a keyword that matches half the table checks 50,000 rows
 * (issue 9). Writes never name it.
 */
const lowerCopy = (name: string, of: string) => text(name).generatedAlwaysAs(sql.raw(`lower(${JSON.stringify(of)})`));
const shown = new WeakMap<PgTable, Record<string, AnyPgColumn>>();
/** A table's columns without its lower-case copies: what its reads select (the copies are for matching only). Worked out once per table. */
export function shownColumns(table: PgTable): Record<string, AnyPgColumn> {
  let cols = shown.get(table);
  if (!cols) {
    cols = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, col]) => !col.generated)) as Record<string, AnyPgColumn>;
    shown.set(table, cols);
  }
  return cols;
}

/** Departments (sysDeptInfo), a tree. */
export const depts = pgTable(
  "sys_dept",
  {
    id: serial("id").primaryKey(),
    deptName: varchar("dept_name", { length: 100 }).notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => depts.id, { onDelete: "set null" }),
    sort: integer("sort").notNull().default(0),
    /** The version of its recommended tags (saveDeptLabelList). */
    version: recordVersion(),
  },
  (t) => [index("sys_dept_parent_idx").on(t.parentId)],
);

/** Tags (spec 3 Tag/label): apps, policies and departments (recommended) link to them. */
export const labels = pgTable("bsc_label", {
  id: serial("id").primaryKey(),
  labelName: varchar("label_name", { length: 50 }).notNull().unique(),
  labelEnName: varchar("label_en_name", { length: 50 }).notNull(),
  status: smallint("status").$type<Flag>().notNull().default(1),
  sort: integer("sort").notNull().default(0),
  createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  version: recordVersion(),
});

/** Tags of a catalogue app (admin, at most 8). */
export const appLabels = pgTable(
  "bsc_app_label",
  {
    appId: integer("app_id").notNull().references(() => bscApps.id, { onDelete: "cascade" }),
    labelId: integer("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.labelId] }), index("bsc_app_label_label_idx").on(t.labelId)],
);

/** Tags a user gave an app of their own list (added by hand, or overriding a picked app's tags). */
export const personalAppLabels = pgTable(
  "personal_app_label",
  {
    personalAppId: integer("personal_app_id").notNull().references(() => personalApps.id, { onDelete: "cascade" }),
    labelId: integer("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.personalAppId, t.labelId] }), index("personal_app_label_label_idx").on(t.labelId)],
);

/** A department's recommended tags (help centre, spec 3). */
export const deptLabels = pgTable(
  "bsc_dept_label",
  {
    deptId: integer("dept_id").notNull().references(() => depts.id, { onDelete: "cascade" }),
    labelId: integer("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.deptId, t.labelId] }), index("bsc_dept_label_label_idx").on(t.labelId)],
);

/** Policy folders (bscFolder), a tree. */
export const folders = pgTable(
  "bsc_folder",
  {
    id: serial("id").primaryKey(),
    folderName: varchar("folder_name", { length: 100 }).notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => folders.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
    version: recordVersion(),
  },
  (t) => [index("bsc_folder_parent_idx").on(t.parentId)],
);

/**
 * Policies and knowledge (spec 3 policy): status 0 draft .. 4 approved; the help centre shows
 * approved (4) and visible (1) ones. content is rich text, sanitised when saved and when shown.
 */
export const policies = pgTable(
  "bsc_policy",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    keyword: varchar("keyword", { length: 50 }).notNull().unique(),
    status: smallint("status").$type<PolicyStatus>().notNull().default(0),
    visibility: smallint("visibility").$type<Flag>().notNull().default(1),
    reviewFlag: smallint("review_flag").$type<Flag>().notNull().default(0),
    versionNumber: varchar("version_number", { length: 11 }).notNull().default("1.0.0"),
    content: text("content").notNull().default(""),
    /** The content as plain text (tags stripped), for search. */
    contentText: text("content_text").notNull().default(""),
    deptId: integer("dept_id").references(() => depts.id, { onDelete: "set null" }),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    folderId: integer("folder_id").notNull().references(() => folders.id, { onDelete: "restrict" }),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp("update_time", { withTimezone: true }).notNull().defaultNow(),
    /** Issue 23: when the policy was first approved; a later approval is an update to its folder's followers. */
    firstApprovedAt: timestamp("first_approved_at", { withTimezone: true }),
    version: recordVersion(),
  },
  (t) => [
    index("bsc_policy_folder_idx").on(t.folderId),
    index("bsc_policy_shown_idx").on(t.status, t.visibility, t.createTime.desc()),
    trgm("bsc_policy_title_trgm", t.title),
    trgm("bsc_policy_content_trgm", t.contentText),
    index("bsc_policy_fts").using("gin", sql`to_tsvector('simple', ${t.title} || ' ' || ${t.keyword} || ' ' || ${t.contentText})`),
    chars("bsc_policy_chars", t.title, t.keyword, t.contentText),
    trgm("bsc_policy_keyword_trgm", t.keyword),
    // the help centre's lists: published policies newest first (briefQuery's order), read in order;
    // it holds the ids, so counting a tag's or a folder's published policies reads no table rows
    index("bsc_policy_published_idx").on(t.createTime.desc(), t.id.desc()).where(sql`${t.status} = 4 AND ${t.visibility} = 1`),
  ],
);

export const policyLabels = pgTable(
  "bsc_policy_label",
  {
    policyId: integer("policy_id").notNull().references(() => policies.id, { onDelete: "cascade" }),
    labelId: integer("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.labelId] }), index("bsc_policy_label_label_idx").on(t.labelId)],
);

export const policyAttachments = pgTable(
  "bsc_policy_attachment",
  {
    policyId: integer("policy_id").notNull().references(() => policies.id, { onDelete: "cascade" }),
    fileId: integer("file_id").notNull().references(() => files.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.fileId] })],
);

/** A user's recent searches: scope "help" (help centre, getSearchHistoryList) or "global" (top bar). */
export const searchHistories = pgTable(
  "search_history",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    scope: varchar("scope", { length: 10 }).notNull(),
    keyword: varchar("keyword", { length: 100 }).notNull(),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("search_history_uq").on(t.userId, t.scope, t.keyword), index("search_history_recent_idx").on(t.userId, t.scope, t.createTime.desc())],
);

/**
 * Complaints (talk show, "teasing") and their replies (parentId set, one level deep). Published
 * when reviewStatus is 1 (spec 4); 0 pending review, 2 rejected.
 */
export const talkShows = pgTable(
  "talk_show",
  {
    id: serial("id").primaryKey(),
    content: text("content").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => talkShows.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    reviewStatus: smallint("review_status").$type<ReviewStatus>().notNull().default(0),
    rejectReason: varchar("reject_reason", { length: 200 }),
    checkerId: integer("checker_id").references(() => users.id, { onDelete: "set null" }),
    checkTime: timestamp("check_time", { withTimezone: true }),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("talk_show_list_idx").on(t.parentId, t.reviewStatus, t.createTime.desc()),
    index("talk_show_user_idx").on(t.userId),
  ],
);

/** One vote per user and row: 1 like (thumbs), 2 dislike (stomp); voting the same again removes it. */
export const talkShowVotes = pgTable(
  "talk_show_vote",
  {
    talkShowId: integer("talk_show_id").notNull().references(() => talkShows.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    vote: smallint("vote").$type<1 | 2>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.talkShowId, t.userId] })],
);

/** Source data: the staff directory (search kind employee). */
export const employees = pgTable(
  "md_employee",
  {
    id: serial("id").primaryKey(),
    employeeNo: varchar("employee_no", { length: 20 }).notNull().unique(),
    chineseName: varchar("chinese_name", { length: 50 }),
    englishName: varchar("english_name", { length: 100 }),
    title: varchar("title", { length: 100 }),
    email: varchar("email", { length: 100 }),
    department: varchar("department", { length: 100 }),
    supervisor: varchar("supervisor", { length: 100 }),
    city: varchar("city", { length: 50 }),
  },
  (t) => [
    trgm("md_employee_cn_trgm", t.chineseName),
    trgm("md_employee_en_trgm", t.englishName),
    trgm("md_employee_email_trgm", t.email),
    trgm("md_employee_no_trgm", t.employeeNo),
    index("md_employee_en_idx").on(t.englishName),
    chars("md_employee_chars", t.chineseName, t.englishName, t.email, t.employeeNo),
  ],
);

/** Source data: UPN (unique product number) records. */
export const upns = pgTable(
  "md_upn",
  {
    upn: varchar("upn", { length: 50 }).primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    status: varchar("status", { length: 30 }).notNull(),
    restrictReason: varchar("restrict_reason", { length: 300 }),
    // Lower-cased copies the search and the admin list match with LIKE (lowerCopy above); the
    // trigram indexes are on them, not on the columns.
    upnLower: lowerCopy("upn_lower", "upn"),
    nameLower: lowerCopy("name_lower", "name"),
  },
  (t) => [
    trgm("md_upn_upn_lower_trgm", t.upnLower),
    trgm("md_upn_name_lower_trgm", t.nameLower),
    chars("md_upn_chars", t.upn, t.name),
    caseless("md_upn_upn_lower", t.upn),
    caseless("md_upn_name_lower", t.name),
  ],
);

/** Source data: NMPA registration certificates. */
export const nmpaCertificates = pgTable(
  "md_nmpa_certificate",
  {
    id: serial("id").primaryKey(),
    certificateCode: varchar("certificate_code", { length: 60 }).notNull().unique(),
    productNameCn: varchar("product_name_cn", { length: 200 }).notNull(),
    productNameEn: varchar("product_name_en", { length: 200 }),
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    category: varchar("category", { length: 50 }),
    approvedDate: date("approved_date", { mode: "string" }),
    manufacturer: varchar("manufacturer", { length: 200 }),
    registrant: varchar("registrant", { length: 200 }),
    address: varchar("address", { length: 300 }),
    codeLower: lowerCopy("certificate_code_lower", "certificate_code"),
    cnLower: lowerCopy("product_name_cn_lower", "product_name_cn"),
    enLower: lowerCopy("product_name_en_lower", "product_name_en"),
  },
  (t) => [
    trgm("md_nmpa_code_lower_trgm", t.codeLower),
    trgm("md_nmpa_cn_lower_trgm", t.cnLower),
    trgm("md_nmpa_en_lower_trgm", t.enLower),
    // latest approval first, then id (the search's order, read along this index when many match)
    index("md_nmpa_approved_idx").on(t.approvedDate.desc(), t.id.desc()),
    chars("md_nmpa_chars", t.certificateCode, t.productNameCn, t.productNameEn),
    caseless("md_nmpa_code_lower", t.certificateCode),
    caseless("md_nmpa_cn_lower", t.productNameCn),
    caseless("md_nmpa_en_lower", t.productNameEn),
  ],
);

// ------------------------------------------------------------------ admin backend (issue 7)

/** Portal (outside) applications (admin bscPortalApp, /outAppList): the same shape as bsc_app, its own catalogue. */
export const bscPortalApps = pgTable("bsc_portal_app", catalogueColumns());

/**
 * The audit log (issue 7, beyond the spec): one row per successful admin write - who, when, which
 * operation on which entity, and the record before and after (null where there is none).
 */
export const auditLogs = pgTable(
  "sys_audit_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: varchar("user_name", { length: 50 }).notNull(),
    operationId: varchar("operation_id", { length: 80 }).notNull(),
    method: varchar("method", { length: 10 }).notNull(),
    path: varchar("path", { length: 200 }).notNull(),
    /** The entity written (e.g. sysUser, bscApp) and its id, when known. */
    entity: varchar("entity", { length: 50 }).notNull(),
    entityId: varchar("entity_id", { length: 50 }),
    before: jsonb("before"),
    after: jsonb("after"),
    createTime: timestamp("create_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sys_audit_log_time_idx").on(t.createTime.desc()),
    index("sys_audit_log_entity_idx").on(t.entity, t.entityId),
    index("sys_audit_log_user_idx").on(t.userId),
  ],
);

/**
 * Issue 23: a person's notifications, which are also the outbox of the live stream. A change that
 * concerns someone writes its row in the same transaction as the change and publishes its id with
 * pg_notify there (NOTIFY is delivered on commit only), through the SQL function portal_notify
 * (migration 0015; server/src/lib/notifications/outbox.ts). The id is the stream's event id; per
 * person, ids are committed in order (portal_notify locks the person's preference row first), so a
 * resume after the last id seen misses nothing. Kept 90 days; the stream replays one day of it.
 */
export const notifications = pgTable(
  "portal_notification",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** What happened (taskPending, complaintReplied, ...; lib/notifications/kinds.ts). */
    kind: varchar("kind", { length: 40 }).notNull(),
    /** The record it is about, for a link: its type (task, talkShow, privacyPolicy, user) and id. */
    recordType: varchar("record_type", { length: 40 }).notNull(),
    recordId: bigint("record_id", { mode: "number" }),
    /** The values the client's text takes (the text itself is the client's, in its language). */
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("portal_notification_user_idx").on(t.userId, t.id.desc()),
    index("portal_notification_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    index("portal_notification_created_idx").on(t.createdAt),
  ],
);

/**
 * Issue 23: which kinds a person does not receive (the personal centre's choice; every kind by
 * default). The row is also the lock that orders the person's notifications (portal_notify).
 */
export const notificationPreferences = pgTable("portal_notification_preference", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  mutedKinds: text("muted_kinds").array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 23: the folders a person follows in the help centre. A published policy change in a folder
 * notifies the followers of that folder and of every folder above it (lib/notifications/policies.ts).
 */
export const folderFollows = pgTable(
  "portal_folder_follow",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    folderId: integer("folder_id").notNull().references(() => folders.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // the primary key serves "my follows"; the index serves "who follows these folders"
  (t) => [primaryKey({ columns: [t.userId, t.folderId] }), index("portal_folder_follow_folder_idx").on(t.folderId)],
);

// ---------------------------------------------------------------------------------------------
// Issue 24: read-and-acknowledge campaigns, electronic signatures (21 CFR 11.50/11.100/11.200) and
// the hash-chained audit trail of regulated records (21 CFR 11.10(e)). Migration 0017 also holds
// the audit triggers and the chain function (SQL only; see docs/decisions.md "Issue 24").
// ---------------------------------------------------------------------------------------------

/** The meaning of an electronic signature (11.50(a)(3)); the client shows it in the reader's language. */
export type SignatureMeaning = "readUnderstood" | "approved" | "reviewed";

/**
 * A published version of a policy: what was approved, frozen. Written when a policy is approved with
 * content whose hash differs from its latest version (the approval is the only way to readers). Kept
 * when the policy is deleted (policy_id becomes null): acknowledgements and signatures point here.
 */
export const policyVersions = pgTable(
  "bsc_policy_version",
  {
    id: serial("id").primaryKey(),
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    versionNumber: varchar("version_number", { length: 11 }).notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    content: text("content").notNull(),
    /** SHA-256 (hex) of the UTF-8 content exactly as stored: what a signature of it binds to. */
    contentHash: varchar("content_hash", { length: 64 }).notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }).notNull().defaultNow(),
    approvedBy: integer("approved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("bsc_policy_version_policy_idx").on(t.policyId, t.id.desc())],
);

/** A read-and-acknowledge campaign: a set of people asked to read one policy version by a date. */
export const campaigns = pgTable(
  "portal_campaign",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    policyId: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    /** The version asked for; a restart moves it to the policy's latest version. */
    policyVersionId: integer("policy_version_id").notNull().references(() => policyVersions.id, { onDelete: "restrict" }),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    signatureRequired: boolean("signature_required").notNull().default(false),
    /** Who was asked, as the administrator chose them; the people themselves are in portal_campaign_assignee. */
    targets: jsonb("targets").$type<{ deptIds: number[]; roleIds: number[]; userIds: number[] }>().notNull(),
    /** 1 open, 0 closed (a closed campaign asks nothing more of anyone). */
    status: smallint("status").$type<Flag>().notNull().default(1),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    restartedAt: timestamp("restarted_at", { withTimezone: true }),
    version: recordVersion(),
  },
  (t) => [index("portal_campaign_created_idx").on(t.createdAt.desc())],
);

/**
 * The people of a campaign, resolved when it starts (and restarts): progress is counted here. The
 * department is the person's at that moment, so the per-department figures do not move when
 * someone changes department later. done_at is set by the person's acknowledgement of the version.
 */
export const campaignAssignees = pgTable(
  "portal_campaign_assignee",
  {
    campaignId: integer("campaign_id").notNull().references(() => campaigns.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    deptId: integer("dept_id"),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    acknowledgementId: bigint("acknowledgement_id", { mode: "number" }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index("portal_campaign_assignee_dept_idx").on(t.campaignId, t.deptId),
    index("portal_campaign_assignee_todo_idx").on(t.userId).where(sql`${t.doneAt} IS NULL`),
  ],
);

/**
 * An electronic signature (21 CFR 11.50): who (printed name at signing), when, what it means and the
 * exact content hash of what was signed. Made only after the signer re-authenticated at that moment
 * (password, or a forced fresh SSO login). Never changed or deleted by the product.
 */
export const signatures = pgTable(
  "portal_signature",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
    printedName: varchar("printed_name", { length: 100 }).notNull(),
    userName: varchar("user_name", { length: 20 }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    meaning: varchar("meaning", { length: 20 }).$type<SignatureMeaning>().notNull(),
    /** What was signed: policyVersion, privacyPolicy, talkShow (a moderation decision). */
    recordType: varchar("record_type", { length: 40 }).notNull(),
    recordId: varchar("record_id", { length: 50 }).notNull(),
    contentHash: varchar("content_hash", { length: 64 }).notNull(),
    /** How the signer proved it was them: password or sso (a forced fresh IdP login). */
    method: varchar("method", { length: 10 }).$type<"password" | "sso">().notNull(),
  },
  (t) => [index("portal_signature_record_idx").on(t.recordType, t.recordId), index("portal_signature_user_idx").on(t.userId, t.signedAt.desc())],
);

/** "I have read and understood" a policy version: once per person and version. */
export const acknowledgements = pgTable(
  "portal_acknowledgement",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
    policyVersionId: integer("policy_version_id").notNull().references(() => policyVersions.id, { onDelete: "restrict" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull().defaultNow(),
    signatureId: bigint("signature_id", { mode: "number" }).references(() => signatures.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex("portal_acknowledgement_uq").on(t.userId, t.policyVersionId)],
);

/** Which actions require an electronic signature (privacyPublish, complaintModeration), and its meaning. */
export const esignSettings = pgTable("portal_esign_setting", {
  action: varchar("action", { length: 40 }).primaryKey(),
  required: boolean("required").notNull().default(false),
  meaning: varchar("meaning", { length: 20 }).$type<SignatureMeaning>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * A fresh SSO login made for signing (ForceAuthn): valid for one signature by the same session
 * within a few minutes. Only the hash of the session id is kept.
 */
export const signingReauths = pgTable(
  "portal_signing_reauth",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sidHash: varchar("sid_hash", { length: 64 }).notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    authnInstant: timestamp("authn_instant", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("portal_signing_reauth_sid_idx").on(t.sidHash)],
);

/**
 * A pending SSO re-authentication for signing (issue 24): the ForceAuthn AuthnRequest's id (the
 * same id sso_saml_request holds for InResponseTo), bound to the session (hash of its id) and its
 * person, the path to come back to, and when it was sent (a login older than that is refused).
 */
export const signingRequests = pgTable(
  "portal_signing_request",
  {
    requestId: varchar("request_id", { length: 100 }).primaryKey(),
    sidHash: varchar("sid_hash", { length: 64 }).notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    returnTo: varchar("return_to", { length: 500 }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("portal_signing_request_expires_idx").on(t.expiresAt)],
);

/**
 * The audit trail of regulated records (21 CFR 11.10(e)). Written only by the trigger function
 * portal_audit_row (migration 0017), in the transaction of the change itself, so a change and its
 * entry commit together or not at all. Entries are chained: hash = SHA-256 over the entry's fields
 * and the previous entry's hash (server/src/lib/auditTrail/chain.ts says how, and verifies it). The
 * table refuses UPDATE, DELETE and TRUNCATE. No foreign keys: an entry outlives what it describes.
 */
export const auditTrail = pgTable(
  "portal_audit_trail",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    actorId: integer("actor_id"),
    actorName: varchar("actor_name", { length: 100 }).notNull(),
    operation: varchar("operation", { length: 80 }),
    recordType: varchar("record_type", { length: 40 }).notNull(),
    recordId: varchar("record_id", { length: 100 }).notNull(),
    /** create, change or delete. */
    action: varchar("action", { length: 10 }).$type<"create" | "change" | "delete">().notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: varchar("reason", { length: 500 }),
    prevHash: varchar("prev_hash", { length: 64 }).notNull(),
    hash: varchar("hash", { length: 64 }).notNull(),
  },
  (t) => [
    uniqueIndex("portal_audit_trail_prev_uq").on(t.prevHash),
    index("portal_audit_trail_record_idx").on(t.recordType, t.recordId, t.seq),
    index("portal_audit_trail_actor_idx").on(t.actorId, t.seq),
    index("portal_audit_trail_at_idx").on(t.at),
  ],
);
