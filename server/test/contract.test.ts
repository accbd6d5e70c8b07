import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContract, operations } from "../src/contract.ts";
import { handlerFor, handlers } from "../src/handlers/index.ts";
import { SEEDED_MENU_URLS } from "../src/db/seed.ts";
import { GENERAL_FILE_TYPES } from "../src/lib/fileTypes.ts";

/** Reads that are POSTs (a page or search body); every other POST, PUT or DELETE of an admin operation is a write. */
const READ_POST = /^(page|list|get|search)|Page|SearchList$/;
/** Writes that the spec made GETs. */
const GET_WRITES = new Set(["changeUserStatus", "changeRoleStatus"]);

describe("the contract", () => {
  it("declares the media types the downloads are sent as, not application/octet-stream", async () => {
    const doc = await loadContract();
    const typesOf = (p: string, m = "get") => Object.keys(doc.paths[p][m].responses["200"].content).sort();
    const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    expect(typesOf("/bscPolicy/downLoadTemplateFile")).toEqual([XLSX]);
    expect(typesOf("/api/user/verificationcode")).toEqual(["image/png"]);
    expect(typesOf("/sourceData/{kind}/template")).toEqual([XLSX, "text/csv"].sort());
    // A stored file: every type an upload is kept as (general files, and the pictures: webp, HEIF, HEIC).
    const stored = [...GENERAL_FILE_TYPES, "image/webp", "image/heif", "image/heic"];
    expect(stored.filter((type) => !typesOf("/fileInfoEx/downloadFile").includes(type))).toEqual([]);
    for (const o of operations(doc))
      for (const answer of Object.values<any>(o.op.responses))
        expect([o.operationId, Object.keys(answer.content ?? {}).includes("application/octet-stream")]).toEqual([o.operationId, false]);
  });

  it("says where each operation is served: the probes at the root of the host (a path-level server), the rest under the API prefix", async () => {
    const doc = await loadContract();
    // As a generated client resolves it: the path item's servers, else the document's.
    const urlOf = (p: string) => `${((doc.paths[p].servers ?? doc.servers) as { url: string }[])[0].url.replace(/\/$/, "")}${p}`;
    expect([urlOf("/healthz"), urlOf("/readyz"), urlOf("/sysUserEx/baseLogin")]).toEqual(["/healthz", "/readyz", "/portal-api/sysUserEx/baseLogin"]);
    expect(operations(doc).filter((o) => o.root).map((o) => o.operationId).sort()).toEqual(["healthz", "readyz"]);
  });

  it("has every operation of the spec's section 7 (operations.txt), with unique operationIds", async () => {
    const doc = await loadContract();
    const ops = operations(doc);
    const have = new Set(ops.map((o) => `${o.method} ${o.path}`));
    const wanted = fs.readFileSync(path.resolve("openapi/operations.txt"), "utf8").trim().split("\n");
    expect(wanted).toHaveLength(144);
    expect(wanted.filter((w) => !have.has(w))).toEqual([]);
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares the error answers of ARCHITECTURE 3 on every API operation", async () => {
    const ops = operations(await loadContract()).filter((o) => !o.root);
    for (const o of ops) {
      const codes = Object.keys(o.op.responses);
      const isPublic = Array.isArray(o.op.security) && o.op.security.length === 0;
      expect([o.operationId, codes.includes("429"), codes.includes("500"), codes.includes("503")]).toEqual([o.operationId, true, true, true]);
      if (!isPublic) expect([o.operationId, codes.includes("401"), codes.includes("403")]).toEqual([o.operationId, true, true]);
      // Honest both ways: an unbuilt operation declares 501, a built one never does.
      expect([o.operationId, codes.includes("501")]).toEqual([o.operationId, !handlerFor(o.operationId)]);
    }
  });

  it("has a handler only for operations that exist in it", async () => {
    const ids = new Set(operations(await loadContract()).map((o) => o.operationId));
    expect(Object.keys(handlers).filter((h) => !ids.has(h))).toEqual([]);
  });

  it("asks for permissions that the seed grants, and names the entity of every built admin write in x-audit", async () => {
    const ops = operations(await loadContract());
    const unknown: string[] = [];
    const unaudited: string[] = [];
    for (const o of ops) {
      const needed = o.op["x-permission"];
      if (needed === undefined) continue;
      const list = typeof needed === "string" ? [needed] : needed;
      expect([o.operationId, Array.isArray(list) && list.every((p: unknown) => typeof p === "string")]).toEqual([o.operationId, true]);
      const urls = list.flatMap((p: string) => p.split("|"));
      unknown.push(...urls.filter((p: string) => !SEEDED_MENU_URLS.has(p)).map((p: string) => `${o.operationId}: ${p}`));
      const write =
        o.method === "PUT" || o.method === "DELETE" || (o.method === "POST" && !READ_POST.test(o.operationId)) || GET_WRITES.has(o.operationId);
      if (write && handlerFor(o.operationId) && typeof o.op["x-audit"] !== "string") unaudited.push(o.operationId);
    }
    expect(unknown).toEqual([]);
    expect(unaudited).toEqual([]);
  });
});
