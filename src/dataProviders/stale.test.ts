// Issue 20: the data provider carries the version read with the record (getOne answers it, the edit's
// variables send it back), and a refusal as stale (409, code 4090) reaches the form as an HttpError
// isStaleVersion recognises - the other 409 (no administrator left, code 409) does not.
import { describe, expect, it } from "vitest";
import type { HttpError } from "@refinedev/core";

import { envelope, json, testClient } from "../api/test-support";
import { createDataProvider } from "./provider";
import { isStaleVersion, staleAwareErrorNotification } from "./stale";

const role = { id: 5, roleName: "Staff", roleCode: "staff", description: null, remark: null, status: 1, version: 7 };
const STALE = envelope(4090, "该记录已被他人修改，您的更改未保存。请重新加载后再编辑。", "This record was changed by someone else since you opened it; your changes were not saved. Reload it and edit again.");
const NO_ADMIN = envelope(409, "操作被拒绝", "Refused: this change would leave no administrator able to manage users and roles.");

function setup(answer: (request: Request) => Response) {
  const harness = testClient(answer);
  return Object.assign(harness, { provider: createDataProvider(harness.client, { language: () => "en" }) });
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected the call to fail");
}

describe("the version of an edited record", () => {
  it("getOne answers it and update sends it back with the changed fields", async () => {
    const { provider, requests } = setup((request) => (request.method === "GET" ? json(200, envelope(0, "成功", "Success", role)) : json(200, envelope(0, "成功", "Success", 5))));
    const { data } = await provider.getOne({ resource: "sysRole", id: "5" });
    expect(data.version).toBe(7);

    await provider.update({ resource: "sysRole", id: "5", variables: { roleName: "Staff 2", roleCode: "staff", version: data.version } });
    const put = requests.find((r) => r.method === "PUT")!;
    expect(await put.json()).toEqual({ id: 5, roleName: "Staff 2", roleCode: "staff", version: 7 });
  });

  it("a stale refusal (409, code 4090) is recognised, with the server's words; the administrators' 409 is not", async () => {
    const stale = await rejection(setup(() => json(409, STALE)).provider.update({ resource: "sysRole", id: 5, variables: { version: 6 } }));
    expect(stale).toMatchObject({ statusCode: 409, code: 4090 });
    expect(stale.message).toContain("changed by someone else");
    expect(isStaleVersion(stale)).toBe(true);
    expect(staleAwareErrorNotification(stale)).toBe(false);

    const refused = await rejection(setup(() => json(409, NO_ADMIN)).provider.update({ resource: "sysRole", id: 5, variables: { version: 7 } }));
    expect(isStaleVersion(refused)).toBe(false);
    expect(staleAwareErrorNotification(refused)).toMatchObject({ type: "error", description: refused.message });
  });
});
