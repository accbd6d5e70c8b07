// Spec 7.10 export helper and the "blob download whose body is a JSON error" row of spec 8.
import { describe, expect, it } from "vitest";
import { ApiError } from "./client";
import { fetchDownload, fileNameFromDisposition } from "./download";
import { envelope, json, testClient } from "./test-support";

describe("fileNameFromDisposition", () => {
  it.each([
    ["attachment; filename*=UTF-8''%E8%A7%92%E8%89%B2%E5%88%97%E8%A1%A8.xlsx", "角色列表.xlsx"],
    ["attachment; filename=\"fallback.xlsx\"; filename*=utf-8''%E6%94%BF%E7%AD%96.pdf", "政策.pdf"],
    ["attachment; filename*=UTF-8'en'report%202025.csv", "report 2025.csv"],
    ["attachment; filename*=ISO-8859-1''caf%E9.txt", "café.txt"],
    ['attachment; filename="report 2025.xlsx"', "report 2025.xlsx"],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ["attachment; filename=plain.csv", "plain.csv"],
    ["attachment; filename=%E6%A8%A1%E6%9D%BF.xlsx", "模板.xlsx"],
    ["attachment; filename=100%.txt", "100%.txt"],
  ])("%s -> %s", (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it("answers null without a file name", () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("inline")).toBeNull();
  });
});

describe("fetchDownload", () => {
  const file = () =>
    new Response("id,name\n1,x\n", {
      status: 200,
      headers: {
        "content-type": "text/csv",
        "content-disposition": "attachment; filename*=UTF-8''%E5%AF%BC%E5%87%BA.csv",
      },
    });

  it("GETs with the sid header and returns the blob under the server's name", async () => {
    const t = testClient(file, { sid: "sid-42" });
    const download = await fetchDownload(t.client, "/fileInfoEx/downloadFile", { id: 5 });
    expect(download.fileName).toBe("导出.csv");
    expect(await download.blob.text()).toBe("id,name\n1,x\n");
    expect(t.requests[0].method).toBe("GET");
    expect(t.requests[0].headers.get("sid")).toBe("sid-42");
    expect(new URL(t.requests[0].url).searchParams.get("id")).toBe("5");
  });

  it("falls back to the given name when the server names none", async () => {
    const t = testClient(() => new Response("x", { status: 200, headers: { "content-type": "application/octet-stream" } }));
    expect((await fetchDownload(t.client, "/fileInfoEx/downloadFile", { id: 5 }, "policy.pdf")).fileName).toBe("policy.pdf");
  });

  it("a JSON error body instead of the file: rejects with, and shows, that JSON's message", async () => {
    const t = testClient(() => json(200, envelope(400, "文件不存在", "The file does not exist")), { language: "en" });
    const error = await fetchDownload(t.client, "/fileInfoEx/downloadFile", { id: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, message: "The file does not exist" });
    expect(t.notified).toEqual(["The file does not exist"]);
  });

  it("a JSON error that only says `message` (older answers) still gives that message", async () => {
    const t = testClient(() => json(200, { code: 1, message: "Export expired" }), { language: "cn" });
    const error = await fetchDownload(t.client, "/fileInfoEx/downloadFile", { id: 5 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 1, message: "Export expired" });
    expect(t.notified).toEqual(["Export expired"]);
  });
});
