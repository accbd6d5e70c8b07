import { describe, expect, it } from "vitest";
import { RESOURCE_OPERATIONS, type ResourceName } from "../../common/generated/resources.ts";
import { handlerFor } from "../src/handlers/index.ts";
import { sysRole } from "../src/handlers/roles/roles.ts";
import { bindResource } from "../src/lib/resource.ts";

// The server's generic resource layer is bound to the operations the contract's x-resource marks
// name (issue 22 item 2; common/generated/resources.ts, written by gen:api): no operationId is
// written by hand for it, so a mark and the server cannot disagree.

describe("the resource binding", () => {
  it("serves every marked operation of a bound resource with the layer's handler", () => {
    const bound = bindResource("sysRole", sysRole);
    expect(Object.keys(bound).sort()).toEqual(Object.values(RESOURCE_OPERATIONS.sysRole).map((op) => op.operationId).sort());
    expect(handlerFor(RESOURCE_OPERATIONS.sysRole.page.operationId)).toBe(sysRole.page);
    expect(handlerFor(RESOURCE_OPERATIONS.sysRole.getById.operationId)).toBe(sysRole.getById);
    expect(handlerFor(RESOURCE_OPERATIONS.sysRole.create.operationId)).toBe(sysRole.create);
    expect(handlerFor(RESOURCE_OPERATIONS.sysRole.update.operationId)).toBe(sysRole.update);
    expect(handlerFor(RESOURCE_OPERATIONS.sysRole.status.operationId)).toBe(sysRole.changeStatus);
  });

  it("binds only the actions given, where the module serves the others itself", () => {
    expect(Object.keys(bindResource("sysRole", sysRole, ["page"]))).toEqual(["sysRolePage"]);
  });

  it("has a handler for every operation of every resource the data provider calls", () => {
    const unserved = Object.entries(RESOURCE_OPERATIONS).flatMap(([name, ops]) =>
      Object.values(ops)
        .filter((op) => handlerFor(op.operationId) === undefined)
        .map((op) => `${name}: ${op.operationId}`),
    );
    expect(unserved).toEqual([]);
  });

  it("refuses at start what the layer cannot serve as marked", () => {
    // A status mark on a declaration without a status column.
    expect(() => bindResource("sysRole", { ...sysRole, changesStatus: false })).toThrow(/has no statusColumn/);
    // The layer's status change reads a GET's query; bscApp's status is a PUT with a body.
    expect(() => bindResource("bscApp", sysRole as never, ["status"])).toThrow(/bscApp's status is PUT/);
    // An action the resource has no mark for (the type check refuses it too).
    expect(() => bindResource("sysRole" as ResourceName, sysRole, ["removeById"] as never)).toThrow(/sysRole has no removeById operation/);
  });
});
