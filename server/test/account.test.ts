import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { SAMPLES, upload } from "./uploadFixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const enc = (p: string) => t.app.transportKey.encrypt(p);
const uploadAvatar = async (sid: string) => (await upload(t, "/file/upload", sid, { filename: "me.png", data: SAMPLES.png() })).json().data as { id: number; fileUrl: string };

describe("avatar (saveIcon, getUserTitle)", () => {
  it("saves the caller's own avatar upload; getUserTitle, getUserInfo and queryUser answer its address", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    expect((await t.call("GET", "/sysUserEx/getUserTitle", { sid })).json().data).toEqual({ headIcon: null });
    const first = await uploadAvatar(sid);
    const saved = await t.call("POST", "/sysUserEx/saveIcon", { sid, body: { fileId: first.id } });
    expect(saved.json()).toMatchObject({ code: 0, data: { fileId: first.id, headIcon: first.fileUrl } });
    expect((await t.call("GET", "/sysUserEx/getUserTitle", { sid })).json().data).toEqual({ headIcon: first.fileUrl });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.headIcon).toBe(first.fileUrl);
    expect((await t.call("GET", "/api/user/query", { sid })).json().data.headIcon).toBe(first.fileUrl);

    // A new avatar replaces the old one, whose file is deleted.
    const second = await uploadAvatar(sid);
    await t.call("POST", "/sysUserEx/saveIcon", { sid, body: { fileId: second.id } });
    expect((await t.call("GET", "/sysUserEx/getUserTitle", { sid })).json().data.headIcon).toBe(second.fileUrl);
    expect((await t.call("GET", "/fileInfoEx/downloadFile", { sid, query: { id: first.id } })).statusCode).toBe(404);
    expect((await t.call("GET", "/fileInfoEx/downloadFile", { sid, query: { id: second.id } })).statusCode).toBe(200);
  });

  it("refuses another user's upload, a general file and an unknown id alike (404)", async () => {
    const lina = await t.login("lina", "Staff@12345");
    const staff = await t.login("zhangwei", "Staff@12345");
    const linas = await uploadAvatar(lina);
    const general = (await upload(t, "/fileInfoEx/uploadFile", staff, { filename: "me.png", data: SAMPLES.png() })).json().data;
    for (const fileId of [linas.id, general.id, 999999]) {
      const res = await t.call("POST", "/sysUserEx/saveIcon", { sid: staff, body: { fileId } });
      expect([fileId, res.statusCode, res.json().code]).toEqual([fileId, 404, 404]);
    }
    expect((await t.call("POST", "/sysUserEx/saveIcon", { sid: staff, body: { fileId: "x" } })).statusCode).toBe(400);
    expect((await t.call("GET", "/sysUserEx/getUserTitle", { sid: lina })).json().data.headIcon).toBeNull();
  });
});

describe("profile (queryUser, updateUser)", () => {
  it("answers and updates the caller's own profile only", async () => {
    const sid = await t.login("lina", "Staff@12345");
    const me = (await t.call("GET", "/api/user/query", { sid })).json().data;
    expect(me).toMatchObject({ userName: "lina", realName: "李娜", roleCodes: ["staff", "editor"], bu: "Quality", email: "li.na@example.com", phone: null });
    expect(me.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const upd = await t.call("POST", "/api/user/update", { sid, body: { realName: "李娜娜", phone: "13800138000" } });
    expect(upd.json().data).toMatchObject({ realName: "李娜娜", phone: "13800138000", email: "li.na@example.com" });
    const cleared = await t.call("POST", "/api/user/update", { sid, body: { email: null } });
    expect(cleared.json().data).toMatchObject({ realName: "李娜娜", phone: "13800138000", email: null });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).json().data.realName).toBe("李娜娜");

    for (const body of [{}, { phone: "12345" }, { email: "not-mail" }, { realName: "" }, { userName: "admin" }, { id: 1, realName: "x" }]) {
      const res = await t.call("POST", "/api/user/update", { sid, body });
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await t.call("GET", "/api/user/query")).statusCode).toBe(401);
  });
});

describe("login account (queryLogin)", () => {
  it("tells how the session signed in and when the previous sign-in was; a role change keeps both", async () => {
    await t.sql.query("DELETE FROM sys_session WHERE user_id = (SELECT id FROM sys_user WHERE user_name = 'admin')");
    const first = await t.login("admin", "Admin@12345");
    const a = (await t.call("GET", "/api/user/query/login/", { sid: first })).json().data;
    expect(a).toMatchObject({ userName: "admin", status: 1, roleCode: "admin", roleCodes: ["admin", "staff"], loginType: "password", lastLoginTime: null, passwordUpdateTime: null });
    await t.sql.query("UPDATE sys_session SET login_at = now() - interval '1 day' WHERE user_id = (SELECT id FROM sys_user WHERE user_name = 'admin')");

    const second = await t.login("admin", "Admin@12345");
    const b = (await t.call("GET", "/api/user/query/login/", { sid: second })).json().data;
    expect(b.lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const switched = (await t.call("GET", "/sysUserEx/changeRole", { sid: second, query: { roleCode: "staff" } })).json().data.sid;
    const c = (await t.call("GET", "/api/user/query/login/", { sid: switched })).json().data;
    expect(c).toMatchObject({ roleCode: "staff", loginType: "password", lastLoginTime: b.lastLoginTime });
  });

  it("a token sign-in says so", async () => {
    const token = (await t.call("GET", "/devIdp/token", { query: { userName: "zhangwei", kind: "saml2" } })).json().data.token;
    const sid = (await t.call("GET", "/sysUserEx/saml2TokenLogin", { query: { token } })).json().data.sid;
    expect((await t.call("GET", "/api/user/query/login/", { sid })).json().data.loginType).toBe("saml2Token");
  });
});

describe("password change (updatepwd)", () => {
  it("checks the old password and the new one's rules, then keeps this session and ends the others", async () => {
    const sid = await t.login("lina", "Staff@12345");
    const other = await t.login("lina", "Staff@12345");
    const change = (oldPassword: string, newPassword: string) =>
      t.call("POST", "/api/user/updatepwd", { sid, body: { oldPassword: enc(oldPassword), newPassword: enc(newPassword) } });

    const wrong = await change("Nope@12345", "Better2025x");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ field: "oldPassword", rule: "wrong" });
    for (const weak of ["short1a", "onlyletters", "1234567890", "a1".repeat(33)]) {
      const res = await change("Staff@12345", weak);
      expect([weak, res.json().errors?.[0]]).toMatchObject([weak, { field: "newPassword", rule: "strength" }]);
    }
    expect((await change("Staff@12345", "Staff@12345")).json().errors[0]).toMatchObject({ field: "newPassword", rule: "different" });
    const plain = await t.call("POST", "/api/user/updatepwd", { sid, body: { oldPassword: Buffer.from("Staff@12345-plain!").toString("base64"), newPassword: enc("Better2025x") } });
    expect(plain.json().errors[0]).toMatchObject({ field: "oldPassword", rule: "encryption" });

    const done = await change("Staff@12345", "Better2025x");
    expect(done.json()).toMatchObject({ code: 0, data: null });
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid })).statusCode).toBe(200);
    expect((await t.call("GET", "/sysUserEx/getUserInfo", { sid: other })).statusCode).toBe(401);
    expect((await t.call("GET", "/api/user/query/login/", { sid })).json().data.passwordUpdateTime).toMatch(/^\d{4}-/);

    const oldLogin = await t.call("POST", "/sysUserEx/baseLogin", { body: { userName: "lina", password: enc("Staff@12345") } });
    expect(oldLogin.statusCode).toBe(401);
    expect(await t.login("lina", "Better2025x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("backs off after repeated wrong old passwords (429, code 403)", async () => {
    const sid = await t.login("zhangwei", "Staff@12345");
    const body = { oldPassword: enc("Wrong@12345"), newPassword: enc("Better2025x") };
    for (let i = 0; i < 5; i++) expect((await t.call("POST", "/api/user/updatepwd", { sid, body })).statusCode).toBe(400);
    const locked = await t.call("POST", "/api/user/updatepwd", { sid, body: { oldPassword: enc("Staff@12345"), newPassword: enc("Better2025x") } });
    expect([locked.statusCode, locked.json().code]).toEqual([429, 403]);
    await t.sql.query("DELETE FROM sys_login_throttle");
  });

  it("an account without a password (provisioned by single sign-on) cannot pass the old-password check", async () => {
    await t.sql.query("UPDATE sys_user SET password_hash = 'sso' WHERE user_name = 'admin'");
    const token = (await t.call("GET", "/devIdp/token", { query: { userName: "admin", kind: "wechat" } })).json().data.token;
    const sid = (await t.call("GET", "/sysUserEx/wechattokenLogin", { query: { token } })).json().data.sid;
    const res = await t.call("POST", "/api/user/updatepwd", { sid, body: { oldPassword: enc("sso"), newPassword: enc("Better2025x") } });
    expect(res.json().errors[0]).toMatchObject({ field: "oldPassword", rule: "wrong" });
  });
});
