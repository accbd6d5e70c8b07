// @vitest-environment node
// The x-resource marks (issue 22 item 2): the rule lint:api applies and gen:api builds the resource
// table with (scripts/lib/resourceMarks.mjs), and its wiring into `redocly lint` (redocly.yaml).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

import { checkResourceMarks, type MarkedOperation } from "./resourceMarks.mjs";

/** An operation as the rule reads it: a POST page with a JSON body unless told otherwise. */
function op(overrides: Partial<MarkedOperation>): MarkedOperation {
  return {
    path: "/thing/page",
    method: "post",
    operationId: "thingPage",
    mark: { name: "thing", action: "page" },
    tags: ["things"],
    permission: "/thing",
    queryParams: [],
    jsonBody: true,
    bodyProps: [],
    at: null,
    ...overrides,
  };
}

const messages = (ops: MarkedOperation[]) => checkResourceMarks(ops).problems.map((p) => p.message);

describe("the x-resource rule", () => {
  it("builds the table: per resource and action the operation, and the page's menu url", () => {
    const { problems, resources } = checkResourceMarks([
      op({}),
      op({ path: "/thing/getById", method: "get", operationId: "thingGetById", mark: { name: "thing", action: "getById" }, queryParams: ["id"], jsonBody: false, bodyProps: null }),
      op({ path: "/thing/status", method: "put", operationId: "thingStatus", mark: { name: "thing", action: "status" }, permission: ["/thing", "thing:status"], bodyProps: ["id", "status"] }),
      // One operation may serve two resources (a complaint and a comment are read the same way).
      op({ path: "/note", operationId: "createNote", mark: [{ name: "thing", action: "create" }, { name: "other", action: "create" }], permission: ["/other", "other:add"] }),
      op({ path: "/unmarked", operationId: "unmarked", mark: undefined }),
    ]);
    expect(problems).toEqual([]);
    expect(resources).toEqual({
      other: { permission: "/other", operations: { create: { operationId: "createNote", method: "post", path: "/note" } } },
      thing: {
        permission: "/thing",
        operations: {
          page: { operationId: "thingPage", method: "post", path: "/thing/page" },
          getById: { operationId: "thingGetById", method: "get", path: "/thing/getById" },
          create: { operationId: "createNote", method: "post", path: "/note" },
          status: { operationId: "thingStatus", method: "put", path: "/thing/status" },
        },
      },
    });
  });

  it("refuses an unknown action, a misshapen mark and a name that is no identifier", () => {
    expect(messages([op({ mark: { name: "thing", action: "export" } })])).toEqual([expect.stringMatching(/action "export" of thing is unknown/)]);
    expect(messages([op({ mark: { name: "thing" } })])).toEqual([expect.stringMatching(/is \{name, action\}/)]);
    expect(messages([op({ mark: { name: "thing", action: "page", extra: 1 } })])).toEqual([expect.stringMatching(/with nothing else/)]);
    expect(messages([op({ mark: { name: "sys-user", action: "page" } })])).toEqual([expect.stringMatching(/not an identifier/)]);
  });

  it("refuses a mark whose operation does not take the request its action sends", () => {
    // getById is GET ?id; removeById DELETE ?id; page, create POST a body; update PUT a body.
    expect(messages([op({ mark: { name: "thing", action: "getById" } })])).toEqual([expect.stringMatching(/getById is GET, not POST/)]);
    expect(messages([op({ method: "get", mark: { name: "thing", action: "getById" }, jsonBody: false })])).toEqual([
      expect.stringMatching(/sends id in the query/),
    ]);
    expect(messages([op({ method: "delete", mark: { name: "thing", action: "removeById" }, queryParams: ["ids"] })])).toEqual([
      expect.stringMatching(/removeById sends id in the query/),
    ]);
    expect(messages([op({ method: "put", mark: { name: "thing", action: "create" } })])).toEqual([expect.stringMatching(/create is POST, not PUT/)]);
    expect(messages([op({ method: "put", mark: { name: "thing", action: "update" }, jsonBody: false })])).toEqual([expect.stringMatching(/sends a JSON body/)]);
    // status: GET ?id&status, or a body with id and status.
    expect(messages([op({ method: "get", mark: { name: "thing", action: "status" }, queryParams: ["id"], jsonBody: false })])).toEqual([
      expect.stringMatching(/sends status in the query/),
    ]);
    expect(messages([op({ method: "put", mark: { name: "thing", action: "status" }, bodyProps: ["id"] })])).toEqual([expect.stringMatching(/sends status in the body/)]);
    // The provider fills no path parameter.
    expect(messages([op({ path: "/thing/{id}", method: "get", mark: { name: "thing", action: "getById" }, queryParams: ["id"] })])).toEqual([
      expect.stringMatching(/fills no path parameter/),
    ]);
  });

  it("refuses two operations with the same resource and action", () => {
    expect(messages([op({}), op({ path: "/thing/search", operationId: "thingSearch" })])).toEqual([
      expect.stringMatching(/^thingSearch .*thing's page is already thingPage/),
    ]);
  });

  it("needs a permission on every marked operation and one menu url per resource", () => {
    expect(messages([op({ permission: undefined })])).toEqual(expect.arrayContaining([expect.stringMatching(/declares the menu or button it needs/)]));
    expect(messages([op({ permission: "/a|/b" })])).toEqual([expect.stringMatching(/page declares no single menu url/)]);
    // Without a page, the resource's operations must agree on the menu.
    const create = op({ path: "/thing", operationId: "createThing", mark: { name: "thing", action: "create" }, permission: ["/thing", "thing:add"] });
    const update = op({ path: "/thing", method: "put", operationId: "updateThing", mark: { name: "thing", action: "update" }, permission: ["/elsewhere", "elsewhere:edit"] });
    expect(messages([create, update])).toEqual([expect.stringMatching(/thing has no page, and its operations need different menus/)]);
    expect(checkResourceMarks([create, { ...update, permission: ["/thing", "thing:edit"] }]).resources.thing.permission).toBe("/thing");
  });
});

describe("npm run lint:api", () => {
  it("fails on a contract with bad marks, naming each", async () => {
    const fixture = path.resolve("scripts/lib/fixtures/resourceMarks/bad.yaml");
    const cli = path.resolve("node_modules/@redocly/cli/bin/cli.js");
    const run = promisify(execFile)(process.execPath, [cli, "lint", fixture, "--config", path.resolve("redocly.yaml"), "--format", "stylish"], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const failure = await run.then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const output = `${failure?.stdout}${failure?.stderr}`;
    expect(output).toMatch(/portal\/resource-marks/);
    expect(output).toMatch(/thingSearch .*thing's page is already thingPage/);
    expect(output).toMatch(/action "export" of thing is unknown/);
    expect(output).toMatch(/thingGetById .*getById is GET, not POST/);
    expect(output).toMatch(/thingStatus .*sends status in the body/);
  }, 60_000);
});
