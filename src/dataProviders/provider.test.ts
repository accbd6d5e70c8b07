// The data provider through a real openapi-fetch client (the portal's, with all its middleware)
// over an injected fetch: every test sees the exact Request that would leave the browser.
import { describe, expect, it } from "vitest";
import type { HttpError } from "@refinedev/core";

import { envelope, HOSTS, json, testClient, type TestClientOptions } from "../api/test-support";
import { createDataProvider, STATUS_OPERATION } from "./provider";
import { createRegistry, defineResource } from "./resource";
import type { Language } from "../i18n";

const role = { id: 5, roleName: "Staff", roleCode: "staff", description: null, remark: null, status: 1 };

type Answer = (request: Request) => Response | Promise<Response>;

function setup(answer: Answer, options: TestClientOptions & { language?: Language } = {}) {
  const harness = testClient(answer, options);
  const provider = createDataProvider(harness.client, { language: () => options.language ?? "en" });
  // Object.assign keeps the harness's `expired` getter live (a spread would copy its value).
  return Object.assign(harness, { provider });
}

const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected the call to fail");
}

describe("getList", () => {
  it("posts paging, sort and filters to the page operation and returns records and total", async () => {
    const { provider, requests } = setup(() => ok({ records: [role], total: 31, page: 2, pageSize: 20 }));

    const result = await provider.getList({
      resource: "sysRole",
      pagination: { currentPage: 2, pageSize: 20 },
      sorters: [{ field: "createTime", order: "desc" }],
      filters: [
        { field: "roleName", operator: "contains", value: "sta" },
        { field: "status", operator: "eq", value: 1 },
      ],
    });

    expect(result).toEqual({ data: [role], total: 31 });
    const [request] = requests;
    expect(request.method).toBe("POST");
    expect(request.url).toBe(`${HOSTS.admin}/sysRole/page`);
    expect(await request.json()).toEqual({
      page: 2,
      pageSize: 20,
      sortField: "createTime",
      sortOrder: "desc",
      roleName: "sta",
      status: 1,
    });
  });

  it("sends the session headers of the client", async () => {
    const { provider, requests } = setup(() => ok({ records: [], total: 0 }), { sid: "sid-abc" });
    await provider.getList({ resource: "sysRole" });
    expect(requests[0].headers.get("sid")).toBe("sid-abc");
    expect(requests[0].headers.get("nonce")).toHaveLength(32);
  });

  it("answers an empty page as no rows", async () => {
    const { provider } = setup(() => ok({ records: [], total: 0, page: 1, pageSize: 10 }));
    await expect(provider.getList({ resource: "sysRole" })).resolves.toEqual({ data: [], total: 0 });
  });
});

describe("getOne, create and update", () => {
  it("gets one record by id, turning a route's string id into the contract's integer", async () => {
    const { provider, requests } = setup(() => ok(role));
    await expect(provider.getOne({ resource: "sysRole", id: "5" })).resolves.toEqual({ data: role });
    expect(requests[0].method).toBe("GET");
    expect(requests[0].url).toBe(`${HOSTS.admin}/sysRole/getById?id=5`);
  });

  it("creates with POST and answers the variables with the new id", async () => {
    const { provider, requests } = setup(() => ok(12));
    const variables = { roleName: "Auditor", roleCode: "auditor", status: 1 };
    await expect(provider.create({ resource: "sysRole", variables })).resolves.toEqual({
      data: { ...variables, id: 12 },
    });
    expect(requests[0].method).toBe("POST");
    expect(requests[0].url).toBe(`${HOSTS.admin}/sysRole`);
    expect(await requests[0].json()).toEqual(variables);
  });

  it("keeps the fields of a create that answers an object (a new user's id and first password)", async () => {
    const { provider, requests } = setup(() => ok({ id: 31, initialPassword: "Xy12abcdEFgh" }));
    const variables = { userName: "wangfang", realName: "王芳", roleCodes: ["staff"] };
    await expect(provider.create({ resource: "sysUser", variables })).resolves.toEqual({
      data: { ...variables, id: 31, initialPassword: "Xy12abcdEFgh" },
    });
    expect(requests[0].url).toBe(`${HOSTS.admin}/sysUserRole`);
  });

  it("updates with PUT, the id in the body", async () => {
    const { provider, requests } = setup(() => ok(5));
    const variables = { roleName: "Staff 2", roleCode: "staff", status: 1 };
    await expect(provider.update({ resource: "sysRole", id: "5", variables })).resolves.toEqual({
      data: { ...variables, id: 5 },
    });
    expect(requests[0].method).toBe("PUT");
    expect(requests[0].url).toBe(`${HOSTS.admin}/sysRole`);
    expect(await requests[0].json()).toEqual({ ...variables, id: 5 });
  });
});

describe("status change", () => {
  it("calls the declared GET status operation with id and status in the query", async () => {
    const { provider, requests } = setup(() => ok(5));
    const result = await provider.update({
      resource: "sysRole",
      id: 5,
      variables: { status: 0 },
      meta: { operation: STATUS_OPERATION },
    });
    expect(result).toEqual({ data: { id: 5, status: 0 } });
    expect(requests[0].method).toBe("GET");
    expect(requests[0].url).toBe(`${HOSTS.admin}/sysUserEx/changeRoleStatus?id=5&status=0`);
  });

  it("sends id and status in the body for a PUT status operation", async () => {
    const registry = createRegistry([
      defineResource("bscApp", { page: "/bscApp/searchList", status: { path: "/bscApp/updateAppStatus", method: "put" } }),
    ]);
    const harness = testClient(() => ok(3));
    const provider = createDataProvider(harness.client, { registry, language: () => "en" });
    await provider.update({ resource: "bscApp", id: 3, variables: { status: 1 }, meta: { operation: "status" } });
    expect(harness.requests[0].method).toBe("PUT");
    expect(harness.requests[0].url).toBe(`${HOSTS.admin}/bscApp/updateAppStatus`);
    expect(await harness.requests[0].json()).toEqual({ id: 3, status: 1 });
  });
});

describe("deleteOne and custom", () => {
  it("deletes by id with the declared removeById operation", async () => {
    const registry = createRegistry([defineResource("bscLabel", { removeById: "/bscLabel/removeById" })]);
    const harness = testClient(() => ok(null));
    const provider = createDataProvider(harness.client, { registry, language: () => "en" });
    await expect(provider.deleteOne({ resource: "bscLabel", id: "9" })).resolves.toEqual({ data: { id: 9 } });
    expect(harness.requests[0].method).toBe("DELETE");
    expect(harness.requests[0].url).toBe(`${HOSTS.admin}/bscLabel/removeById?id=9`);
  });

  it("sends a custom call as given and unwraps its data", async () => {
    const { provider, requests } = setup(() => ok([1, 2]));
    const result = await provider.custom!({
      url: "/sysRole/getMenuListByRoleId",
      method: "get",
      query: { roleId: 4 },
    });
    expect(result).toEqual({ data: [1, 2] });
    expect(requests[0].url).toBe(`${HOSTS.admin}/sysRole/getMenuListByRoleId?roleId=4`);
  });

  it("refuses an undeclared resource or operation without calling the server", async () => {
    const { provider, requests } = setup(() => ok(null));
    await expect(provider.getList({ resource: "nothing" })).rejects.toThrow(/No resource "nothing"/);
    await expect(provider.deleteOne({ resource: "sysRole", id: 1 })).rejects.toThrow(/has no removeById operation/);
    expect(requests).toHaveLength(0);
  });
});

describe("errors become refine HttpErrors in the current language", () => {
  const invalid = () =>
    json(400, {
      ...envelope(400, "参数错误", "Invalid input"),
      errors: [{ field: "roleCode", rule: "pattern", message: "角色编码格式不正确", enMessage: "Role code is malformed" }],
    });

  it("uses resultEnMessage in English and puts field errors under their field", async () => {
    const { provider } = setup(invalid, { language: "en" });
    const error = await rejection(provider.create({ resource: "sysRole", variables: { roleCode: "1" } }));
    expect(error).toMatchObject({
      statusCode: 400,
      message: "Invalid input",
      code: 400,
      errors: { roleCode: ["Role code is malformed"] },
    });
  });

  it("uses resultMessage in Chinese", async () => {
    const { provider } = setup(invalid, { language: "cn" });
    const error = await rejection(provider.create({ resource: "sysRole", variables: {} }));
    expect(error).toMatchObject({ message: "参数错误", errors: { roleCode: ["角色编码格式不正确"] } });
  });

  it("words a server error as the catalogue does", async () => {
    const { provider } = setup(() => json(500, envelope(500, "服务器错误", "Server failed")));
    const error = await rejection(provider.getList({ resource: "sysRole" }));
    expect(error).toMatchObject({ statusCode: 500, message: "Internal Server Error：Server failed" });
  });

  it("treats a 200 answer with a non-zero code as a failure", async () => {
    const { provider } = setup(() => json(200, envelope(501, "尚未实现", "Not built yet")));
    const error = await rejection(provider.getOne({ resource: "sysRole", id: 1 }));
    expect(error).toMatchObject({ code: 501, message: "Not built yet" });
  });

  it("reports a network failure with statusCode 0", async () => {
    const { provider } = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = await rejection(provider.getList({ resource: "sysRole" }));
    expect(error).toMatchObject({ statusCode: 0, message: "Network connection failed. Please try again later" });
  });

  it("leaves the showing to refine: the client's own toast stays quiet", async () => {
    const { provider, notified } = setup(() => json(500, envelope(500, "错", "Broken")));
    await rejection(provider.getList({ resource: "sysRole" }));
    expect(notified).toEqual([]);
  });

  it("still reports an expired session (4004) to the session-expired handler", async () => {
    const harness = testClient(() => json(401, envelope(4004, "登录已过期", "Login session expired")));
    const provider = createDataProvider(harness.client, { language: () => "en" });
    const error = await rejection(provider.getList({ resource: "sysRole" }));
    expect(error).toMatchObject({ statusCode: 401, code: 4004 });
    expect(harness.expired).toBe(1);
  });
});

describe("registry", () => {
  it("refuses a resource declared twice", () => {
    expect(() =>
      createRegistry([defineResource("sysRole", { page: "/sysRole/page" }), defineResource("sysRole", {})]),
    ).toThrow(/declared twice/);
  });
});
