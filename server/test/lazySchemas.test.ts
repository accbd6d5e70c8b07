import { describe, expect, it, vi } from "vitest";
import { buildTestApp } from "./helper.ts";
import { lazyCompilersFactory } from "../src/lib/lazySchemas.ts";

describe("lazy schema compilation (issue 9, start-up)", () => {
  it("compiles a route's validator on its first use, once, and passes ajv's errors on", () => {
    const factory = lazyCompilersFactory as unknown as { buildValidator(ext: unknown, o: unknown): (s: unknown) => ((d: unknown) => boolean) & { errors?: unknown } };
    const build = factory.buildValidator({}, { customOptions: { coerceTypes: "array", useDefaults: true, strict: false }, plugins: [] });
    const schema = { type: "object", required: ["n"], properties: { n: { type: "integer", maximum: 3 } } };
    const compileSpy = vi.fn(build);
    const validate = compileSpy({ schema, method: "POST", url: "/x", httpPart: "body" });
    expect(validate({ n: 2 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({ n: 9 })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ instancePath: "/n", keyword: "maximum" })]);
    const coerced = { n: "1" };
    expect(validate(coerced)).toBe(true);
    expect(coerced.n).toBe(1); // the app's ajv options (coercion) still apply
    expect(compileSpy).toHaveBeenCalledTimes(1);
  });

  it("coerces a whole body through its parent, as Fastify asks of an ajv function (schemaEnv)", () => {
    const factory = lazyCompilersFactory as unknown as { buildValidator(ext: unknown, o: unknown): (s: unknown) => ((d: unknown, ctx?: unknown) => boolean) & { schemaEnv?: unknown } };
    const validate = factory.buildValidator({}, { customOptions: { coerceTypes: "array", strict: false }, plugins: [] })({
      schema: { type: "array", items: { type: "integer" } },
      method: "DELETE",
      url: "/x",
      httpPart: "body",
    });
    expect(validate.schemaEnv).toBeTruthy();
    const request = { body: true as unknown };
    expect(validate(request.body, { parentData: request, parentDataProperty: "body" })).toBe(true);
    expect(request.body).toEqual([1]);
  });

  it("an app answers a bad body 400 and a good one 200 through lazily compiled schemas", async () => {
    const t = await buildTestApp();
    try {
      const sid = await t.login("zhangwei", "Staff@12345");
      const bad = await t.call("POST", "/personalCalendar/listCalendar", { sid, body: { startTime: 5 } });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 400]);
      const good = await t.call("POST", "/personalCalendar/listCalendar", { sid, body: { startTime: "2026-01-01 00:00:00", endTime: "2026-01-01 23:59:59" } });
      expect([good.statusCode, good.json().code]).toEqual([200, 0]);
      // The answer is serialized by its response schema: only declared fields leave the server.
      expect(Object.keys(good.json()).sort()).toEqual(["code", "data", "resultEnMessage", "resultMessage"]);
    } finally {
      await t.close();
    }
  });
});
