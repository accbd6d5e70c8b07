import crypto from "node:crypto";
import { Readable, Writable } from "node:stream";
import zlib from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { dummyHash } from "../src/lib/passwords.ts";
import { WORKBOOK_LIMITS } from "../src/lib/sheetRows.ts";
import { buildTestApp, type TestApp } from "./helper.ts";
import { form, hiddenValue } from "./samlFixtures.ts";
import { multipart, SAMPLES, upload } from "./uploadFixtures.ts";

// Issue 8 "Security checks", server side: brute force, sessions, uploads (ASVS 2.2, 3.x, 12.x).
// What other files already prove is not repeated here: the same 401 for an unknown user and a
// wrong password (auth.test), the back-off that nobody can aim at someone else (loginBackoff.test), a new sid at every login and logout
// (auth.test), disabling and an administrator's reset ending the sessions (adminUsers.test), a
// password change ending the other sessions (account.test), 413 at one byte over and the type
// read from the bytes (files.test, adminPolicy.test, adminSourceData.test).

/** Every scrypt run (the password work), with its cost parameters. */
const scryptRuns = vi.hoisted(() => [] as { N: number; r: number; p: number; keylen: number }[]);
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const scrypt = (...args: any[]) => {
    const [, , keylen, o] = args;
    scryptRuns.push({ keylen, N: o.N, r: o.r, p: o.p });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...actual, scrypt, default: { ...(actual as unknown as { default: typeof actual }).default, scrypt } };
});

/** Every line the server logs (level trace), as text. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logLevel: "trace" }, { logStream });
  await dummyHash(); // made once per process; its own hashing is not a login's work
});
afterAll(() => t.close());
beforeEach(() => t.sql.query("DELETE FROM sys_login_throttle; DELETE FROM sys_rate_counter"));

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const enc = (p: string) => t.app.transportKey.encrypt(p);
const MB = 1024 * 1024;

/** A login from a given client address (light-my-request sets the socket's address). */
const loginFrom = (ip: string, userName: string, password: string) =>
  t.app.inject({
    method: "POST",
    url: "/portal-api/sysUserEx/baseLogin",
    remoteAddress: ip,
    payload: { userName, password: enc(password) },
  });

// ------------------------------------------------------------------------------- brute force
describe("brute force (baseLogin)", () => {
  it("an unknown, a disabled and a password-less (SSO) account answer exactly like a wrong password, after the same scrypt work", async () => {
    await t.sql.query("INSERT INTO sys_user (user_name, real_name, password_hash) VALUES ('ssoonly', 'SSO only', 'sso')");
    await t.sql.query("UPDATE sys_user SET status = 0 WHERE user_name = 'lina'");
    try {
      const attempts: [string, string, string][] = [
        ["wrong password", "zhangwei", "Wrong@12345"],
        ["unknown user", "nobodyhere", "Wrong@12345"],
        ["disabled, right password", "lina", "Staff@12345"],
        ["no password (SSO only)", "ssoonly", "sso"],
      ];
      const seen: { status: number; body: string; work: typeof scryptRuns }[] = [];
      for (const [what, user, pw] of attempts) {
        scryptRuns.length = 0;
        // Each from its own address, so no back-off is reached.
        const res = await loginFrom(`10.1.0.${seen.length + 1}`, user, pw);
        seen.push({ status: res.statusCode, body: res.body, work: [...scryptRuns] });
        expect([what, res.statusCode, res.json().code]).toEqual([what, 401, 4001]);
      }
      for (const s of seen) {
        expect(s.body).toBe(seen[0].body);
        // Exactly one password verification each, at the cost parameters of a real user's hash.
        expect(s.work).toEqual([{ N: 16384, r: 8, p: 1, keylen: 32 }]);
      }
      scryptRuns.length = 0;
      expect((await loginFrom("10.1.0.9", "zhangwei", "Staff@12345")).statusCode).toBe(200);
      expect(scryptRuns).toEqual(seen[0].work);
      const stored = (await t.sql.query("SELECT password_hash FROM sys_user WHERE user_name = 'zhangwei'")).rows[0].password_hash as string;
      expect((await dummyHash()).split("$").slice(0, 4)).toEqual(stored.split("$").slice(0, 4));
    } finally {
      await t.sql.query("DELETE FROM sys_user WHERE user_name = 'ssoonly'");
      await t.sql.query("UPDATE sys_user SET status = 1 WHERE user_name = 'lina'");
    }
  });

  it("failures spread over many names from one address lock none of them (issue 20: an office NAT)", async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom("10.2.0.1", `guess${i}`, "Wrong@12345")).statusCode).toBe(401);
    expect((await loginFrom("10.2.0.1", "admin", "Admin@12345")).statusCode).toBe(200);
  });

  it("backs off an unknown name exactly as a known one, so the lock does not reveal who exists", async () => {
    const lockedAnswer = async (userName: string, n: number) => {
      // One account from one address is what locks (lib/loginBackoff.ts; loginBackoff.test.ts for the rest).
      for (let i = 0; i < 5; i++) expect((await loginFrom(`10.3.${n}.1`, userName, "Wrong@12345")).statusCode).toBe(401);
      const res = await loginFrom(`10.3.${n}.1`, userName, "Wrong@12345");
      return [res.statusCode, res.body];
    };
    const known = await lockedAnswer("zhangwei", 1);
    const unknown = await lockedAnswer("nosuchuser", 2);
    expect(known[0]).toBe(429);
    expect(unknown).toEqual(known);
  });

  it("while locked no password is checked at all, and the count starts again after a quiet hour", async () => {
    for (let i = 0; i < 5; i++) await loginFrom("10.4.0.1", "zhangwei", "Wrong@12345");
    scryptRuns.length = 0;
    expect((await loginFrom("10.4.0.1", "zhangwei", "Staff@12345")).statusCode).toBe(429);
    expect(scryptRuns).toEqual([]);
    // An hour later (lock long over) a failure counts as the first one again.
    await t.sql.query("UPDATE sys_login_throttle SET updated_at = now() - interval '61 minutes', locked_until = now() - interval '1 minute'");
    await loginFrom("10.4.0.1", "zhangwei", "Wrong@12345");
    const { rows } = await t.sql.query("SELECT failures FROM sys_login_throttle WHERE key = 'pair:zhangwei|10.4.0.1'");
    expect(rows[0].failures).toBe(1);
    expect((await loginFrom("10.4.0.1", "zhangwei", "Staff@12345")).statusCode).toBe(200);
  });

  it("the old-password check of updatepwd costs the same work for an account without a password", async () => {
    await t.sql.query("UPDATE sys_user SET password_hash = 'sso' WHERE user_name = 'lina'");
    try {
      const token = (await t.call("GET", "/devIdp/token", { query: { userName: "lina", kind: "wechat" } })).json().data.token;
      const sid = (await t.call("GET", "/sysUserEx/wechattokenLogin", { query: { token } })).json().data.sid;
      scryptRuns.length = 0;
      const res = await t.call("POST", "/api/user/updatepwd", { sid, body: { oldPassword: enc("sso"), newPassword: enc("Better2025x") } });
      expect(res.json().errors[0]).toMatchObject({ field: "oldPassword", rule: "wrong" });
      expect(scryptRuns).toEqual([{ N: 16384, r: 8, p: 1, keylen: 32 }]);
    } finally {
      await t.sql.query("UPDATE sys_user SET password_hash = (SELECT password_hash FROM sys_user WHERE user_name = 'zhangwei') WHERE user_name = 'lina'");
    }
  });
});

// ----------------------------------------------------------------------------------- sessions
describe("sessions", () => {
  it("logout ends only that session; the user's other sessions go on", async () => {
    const a = await t.login("zhangwei", "Staff@12345");
    const b = await t.login("zhangwei", "Staff@12345");
    await t.call("GET", "/sysUserEx/logout", { sid: a });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: a })).statusCode).toBe(401);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: b })).statusCode).toBe(200);
  });

  it("the sid never appears in a URL, a header, another answer or a log line (password, role change, SSO and token sign-ins)", async () => {
    logLines.length = 0;
    const sids: string[] = [];
    /** The SSO hand-off's code and its binding cookie's secret: in no log line either. */
    const handoffSecrets: string[] = [];
    /** Answers that hand out a sid (login, changeRole, SSO resolve, token logins); nothing else may carry one. */
    const issuing: { body: string }[] = [];
    const others: { url: string; headers: Record<string, unknown>; body: string }[] = [];
    const track = async (url: string, res: Awaited<ReturnType<TestApp["call"]>>, issues = false) => {
      if (issues) {
        const d = res.json();
        const sid = d.data.sid as string;
        expect(sid).toMatch(/^[0-9a-f]{64}$/);
        sids.push(sid);
        issuing.push({ body: res.body });
      } else others.push({ url, headers: res.headers, body: res.body });
      return res;
    };

    // Password sign-in and ordinary calls with the sid in either header.
    const pw = await track("baseLogin", await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "lina", password: enc("Staff@12345") } }), true);
    const sid = pw.json().data.sid;
    await track("getUserInfo", await t.call("GET", "/sysUserEx/getUserInfo", { sid }));
    await track("getUserInfo(auth)", await t.call("GET", "/sysUserEx/getUserInfo", { headers: { authorization: sid } }));
    await track("queryLogin", await t.call("GET", "/api/user/query/login/", { sid }));
    const icon = await track("upload", await upload(t, "/file/upload", sid, { filename: "me.png", data: SAMPLES.png() }));
    await track("saveIcon", await t.call("POST", "/sysUserEx/saveIcon", { sid, body: { fileId: icon.json().data.id } }));
    await track("getUserTitle", await t.call("GET", "/sysUserEx/getUserTitle", { sid }));
    await track("download", await t.call("GET", "/fileInfoEx/downloadFile", { sid, query: { id: icon.json().data.id } }));
    await track("bad body", await t.call("POST", "/sysUserEx/saveIcon", { sid, body: { fileId: "x" } }));
    const role = await track("changeRole", await t.call("GET", "/sysUserEx/changeRole", { sid, query: { roleCode: "editor" } }), true);
    await track("old sid", await t.call("GET", "/sysUserEx/getUserInfo", { sid }));
    await track("logout", await t.call("GET", "/sysUserEx/logout", { sid: role.json().data.sid }));

    // SAML: ssoLogin -> dev IdP -> ACS (303) -> resolve.
    const start = await track("ssoLogin", await t.call("GET", "/sysUserEx/ssoLogin", { query: { route: "missionCenterIndex" } }));
    const page = await t.app.inject({ method: "GET", url: start.json().content });
    others.push({ url: "devIdp/sso", headers: page.headers, body: page.body });
    const posted = await t.app.inject({
      method: "POST",
      url: "/portal-api/devIdp/respond",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ userName: "zhangwei", SAMLRequest: hiddenValue(page.body, "SAMLRequest"), RelayState: hiddenValue(page.body, "RelayState") }),
    });
    others.push({ url: "devIdp/respond", headers: posted.headers, body: posted.body });
    const acs = await t.app.inject({
      method: "POST",
      url: "/portal-api/sysUserEx/ssoAcs",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form({ SAMLResponse: hiddenValue(posted.body, "SAMLResponse"), RelayState: hiddenValue(posted.body, "RelayState") }),
    });
    expect(acs.statusCode).toBe(303);
    others.push({ url: "ssoAcs", headers: acs.headers, body: acs.body });
    // The ACS answers a one-time code (issue 19); /relogin redeems it with the cookie the ACS set.
    const code = new URL(String(acs.headers.location), "http://x").searchParams.get("code")!;
    const cookie = String(acs.headers["set-cookie"]).split(";")[0];
    // The browser then opens /relogin with the code in the address (logged like any request).
    await t.app.inject({ method: "GET", url: `/relogin?code=${code}&route=missionCenterIndex` });
    handoffSecrets.push(code, cookie.split("=")[1]);
    const resolved = await track("ssoCodeLogin", await t.call("POST", "/sysUserEx/ssoCodeLogin", { body: { code }, headers: { cookie } }), true);
    await track("getUserInfo(sso)", await t.call("GET", "/sysUserEx/getUserInfo", { sid: resolved.json().data.sid }));

    // Token sign-ins (the token travels in the URL; the sid it buys must not).
    for (const [kind, op] of [["wechat", "wechattokenLogin"], ["saml2", "saml2TokenLogin"]] as const) {
      const token = (await t.call("GET", "/devIdp/token", { query: { userName: "zhangwei", kind } })).json().data.token;
      await track(op, await t.call("GET", `/sysUserEx/${op}`, { query: { token } }), true);
    }
    await track("checkLoginStatus", await t.call("GET", "/api/user/checkLoginStatus", { query: { username: "zhangwei" } }));

    expect(sids).toHaveLength(5);
    expect(new Set(sids).size).toBe(5);
    // Each issuing answer carries only its own sid.
    issuing.forEach((a, i) => sids.filter((_, j) => j !== i).forEach((s) => expect(a.body).not.toContain(s)));
    const secrets = [...sids, ...sids.map(sha256)];
    for (const o of others) {
      const text = JSON.stringify(o.headers) + o.body;
      for (const s of secrets) expect([o.url, text.includes(s)]).toEqual([o.url, false]);
    }
    expect(logLines.length).toBeGreaterThan(20); // the requests were logged (at trace)
    expect(logLines.some((l) => l.includes("/portal-api/sysUserEx/getUserInfo"))).toBe(true);
    for (const line of logLines) for (const s of [...secrets, ...handoffSecrets]) expect(line.includes(s) ? line : "").toBe("");
    expect(logLines.some((l) => l.includes("/relogin?code=[redacted]&route=missionCenterIndex"))).toBe(true);
  });
});

// ------------------------------------------------------------------------------------ uploads
/**
 * A stream of `total` bytes in 64 KB chunks (after `head`) that counts what the server pulled;
 * each chunk arrives on a later turn of the event loop, as from a network, not all at once.
 */
function countingStream(head: Buffer, total: number) {
  const counter = { pulled: 0 };
  let sent = 0;
  const stream = new Readable({
    read() {
      setImmediate(() => {
        if (sent === 0) {
          sent = head.length;
          counter.pulled += head.length;
          return void this.push(head);
        }
        if (sent >= total) return void this.push(null);
        const n = Math.min(64 * 1024, total - sent);
        sent += n;
        counter.pulled += n;
        this.push(Buffer.alloc(n, 0x41));
      });
    },
  });
  return { stream, counter };
}

describe("upload size limits come before the body is buffered", () => {
  let staff: string;
  beforeAll(async () => {
    staff = await t.login("zhangwei", "Staff@12345");
  });

  it("an avatar stream of 200 MB is refused with 413 after reading little more than the 5 MB limit", async () => {
    const boundary = "----securityTest";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const { stream, counter } = countingStream(Buffer.concat([head, SAMPLES.png()]), 200 * MB);
    const res = await t.app.inject({
      method: "POST",
      url: "/portal-api/file/upload",
      headers: { sid: staff, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: stream,
    });
    expect([res.statusCode, res.json().code]).toEqual([413, 413]);
    expect(res.json().resultEnMessage).toBe("Image size has been exceeded the limit 5MB");
    const atAnswer = counter.pulled;
    stream.destroy();
    expect(atAnswer).toBeLessThan(7 * MB);
  });

  it("a JSON body stream over the 1 MB limit is refused with 413 without being read whole", async () => {
    const { stream, counter } = countingStream(Buffer.from('{"realName":"'), 100 * MB);
    const res = await t.app.inject({
      method: "POST",
      url: "/portal-api/api/user/update",
      headers: { sid: staff, "content-type": "application/json" },
      payload: stream,
    });
    const atAnswer = counter.pulled;
    stream.destroy();
    expect([res.statusCode, res.json().code]).toEqual([413, 413]);
    expect(atAnswer).toBeLessThan(3 * MB);
  });
});

describe("downloads are attachments with nosniff, typed from the bytes", () => {
  it("every stored type, images included, is served as an attachment with its detected type and nosniff", async () => {
    const staff = await t.login("zhangwei", "Staff@12345");
    const cases: [string, Buffer, string][] = [
      ["p.png", SAMPLES.png(), "image/png"],
      ["p.jpg", SAMPLES.jpeg(), "image/jpeg"],
      ["p.gif", SAMPLES.gif(), "image/gif"],
      ["doc.pdf", SAMPLES.pdf(), "application/pdf"],
      ["notes.txt", Buffer.from("<script>alert(1)</script>\n"), "text/plain; charset=utf-8"],
      ["list.csv", Buffer.from("<html><body onload=alert(1)>,x\n"), "text/csv; charset=utf-8"],
      ["bundle.zip", SAMPLES.zip(), "application/zip"],
    ];
    for (const [name, data, mime] of cases) {
      const up = await upload(t, "/fileInfoEx/uploadFile", staff, { filename: name, type: "text/html", data });
      expect([name, up.statusCode]).toEqual([name, 200]);
      const res = await t.call("GET", "/fileInfoEx/downloadFile", { sid: staff, query: { id: up.json().data.id } });
      expect([name, res.headers["content-type"], res.headers["x-content-type-options"]]).toEqual([name, mime, "nosniff"]);
      expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="/);
      // Opened directly anyway, a stored file is a sandboxed document that may load nothing.
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    }
    const missing = await t.call("GET", "/fileInfoEx/downloadFile", { sid: staff, query: { id: 999999 } });
    expect([missing.statusCode, missing.headers["x-content-type-options"]]).toEqual([404, "nosniff"]);
  });
});

// ----------------------------------------------------------------------------------- zip bombs
interface ZipEntry {
  name: string;
  /** The deflated bytes (method 8) or stored bytes (method 0). */
  data: Buffer;
  method?: 0 | 8;
  /** What the headers declare as the unpacked size (a bomb may lie). */
  declared: number;
}

/** A zip archive by hand: local headers, central directory, end record. */
function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const method = e.method ?? 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 14); // crc (exceljs never gets this far)
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * `size` bytes of one repeated character (a sheet XML's worth of them) deflated, without ever
 * holding `size` bytes: a 1 MB block ending in a full flush (which resets the window, so every
 * copy compresses to the same bytes) repeated, then an empty final block.
 */
function deflatedSheet(size: number): Buffer {
  expect(size % MB).toBe(0);
  const block = zlib.deflateRawSync(Buffer.alloc(MB, "A"), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const stream = Buffer.concat([...Array.from({ length: size / MB }, () => block), zlib.deflateRawSync(Buffer.alloc(0))]);
  return stream;
}

/** A real small .xlsx's parts, with one sheet replaced. */
async function workbookWith(sheet: ZipEntry): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("s").addRow(["employeeNo", "chineseName", "englishName", "email", "city"]);
  const real = Buffer.from(await wb.xlsx.writeBuffer());
  const JSZip = (await import("jszip")).default;
  const zip = await JSZip.loadAsync(real);
  const entries: ZipEntry[] = [];
  for (const name of Object.keys(zip.files)) {
    if (zip.files[name].dir) continue;
    if (name === sheet.name) continue;
    const raw = await zip.files[name].async("nodebuffer");
    entries.push({ name, data: zlib.deflateRawSync(raw), declared: raw.length });
  }
  entries.push(sheet);
  return zipOf(entries);
}

describe("an Excel zip bomb is refused before exceljs inflates it", () => {
  let admin: string;
  let editor: string;
  let folderId: number;
  // exceljs's streaming reader (one class, shared with the server's copy): every imported workbook
  // is read through it (issue 20; it was Workbook.xlsx.load before).
  const loads = vi.spyOn(ExcelJS.stream.xlsx.WorkbookReader.prototype, "parse");
  beforeAll(async () => {
    admin = await t.login("admin", "Admin@12345");
    const lina = await t.login("lina", "Staff@12345");
    editor = (await t.call("GET", "/sysUserEx/changeRole", { sid: lina, query: { roleCode: "editor" } })).json().data.sid;
    folderId = (await t.sql.query("SELECT id FROM bsc_folder ORDER BY id LIMIT 1")).rows[0].id;
  });
  beforeEach(() => {
    loads.mockClear(); // (a hook that returns a function has it called as a cleanup)
  });

  const SHEET = "xl/worksheets/sheet1.xml";
  const importers = {
    sourceData: (bytes: Buffer) =>
      upload(t, "/sourceData/employee/import", admin, { filename: "employees.xlsx", type: "application/octet-stream", data: bytes }),
    policy: (bytes: Buffer) => {
      const f = multipart([
        { name: "folderId", data: String(folderId) },
        { name: "file", filename: "policies.xlsx", type: "application/octet-stream", data: bytes },
      ]);
      return t.app.inject({ method: "POST", url: "/portal-api/bscPolicy/importExcel", headers: { sid: editor, "content-type": f.contentType }, payload: f.payload });
    },
  };

  const expectBomb = (res: Awaited<ReturnType<typeof importers.policy>>, what: string) => {
    expect([what, res.statusCode, res.json().code]).toEqual([what, 413, 413]);
    expect(res.json().resultEnMessage).toMatch(/zip bomb/);
    expect(res.json().resultMessage).toMatch(/压缩炸弹/);
  };

  // 300 MB of sheet XML: honest header (too large), lying header (declares 20 KB).
  const big = deflatedSheet(300 * MB);
  const bombs: Record<string, () => Promise<Buffer>> = {
    "300 MB sheet, declared honestly": () => workbookWith({ name: SHEET, data: big, declared: 300 * MB }),
    "300 MB sheet declaring 20 KB (the inflation is cut at 20 KB)": () => workbookWith({ name: SHEET, data: big, declared: 20 * 1024 }),
    "16 MB sheet compressed about 1000:1 (ratio)": () => workbookWith({ name: SHEET, data: deflatedSheet(16 * MB), declared: 16 * MB }),
    "parts declaring 3 x 25 MB at 125:1 (total)": async () =>
      zipOf(["a", "b", "c"].map((n) => ({ name: `xl/${n}.xml`, data: crypto.randomBytes(200 * 1024), declared: 25 * MB }))),
    "5000 parts (count)": async () => zipOf(Array.from({ length: 5000 }, (_, i) => ({ name: `x/${i}`, data: Buffer.alloc(0), method: 0 as const, declared: 0 }))),
  };

  it("the bombs are small files that really inflate to their size", () => {
    expect(big.length).toBeLessThan(1 * MB);
    expect(zlib.inflateRawSync(deflatedSheet(4 * MB)).equals(Buffer.alloc(4 * MB, "A"))).toBe(true);
    expect(WORKBOOK_LIMITS.entryBytes).toBeLessThan(300 * MB);
  });

  for (const [importer, send] of Object.entries(importers))
    for (const [what, make] of Object.entries(bombs))
      it(`${importer} import: ${what}`, async () => {
        expectBomb(await send(await make()), what);
        expect(loads).not.toHaveBeenCalled();
      });

  it("an ordinary workbook still reaches exceljs (the spy sees it) and imports", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("s").addRows([
      ["employeeNo", "chineseName", "englishName", "email", "city"],
      ["S900001", "安全", "Safe Person", "safe@example.com", "Shanghai"],
    ]);
    const res = await importers.sourceData(Buffer.from(await wb.xlsx.writeBuffer()));
    expect([res.statusCode, res.json().code]).toEqual([200, 0]);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it("a damaged archive (no end record) is 400, not a crash", async () => {
    const res = await importers.sourceData(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(2000)]));
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(loads).not.toHaveBeenCalled();
  });
});
