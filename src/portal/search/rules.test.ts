import { describe, expect, it } from "vitest";

import { escapeRegExp, highlightParts, highlightTerms } from "./highlight";
import { exactCodeRecord } from "./exactCode";
import { keywordOf } from "./kinds";
import { recentMatching } from "./recent";

const hits = (text: string, keyword: string) =>
  highlightParts(text, keyword)
    .filter((part) => part.hit)
    .map((part) => part.text);

describe("highlighting the searched words", () => {
  it("marks every occurrence ignoring case and keeps the text whole", () => {
    const parts = highlightParts("Zhang Wei and ZHANG San", "zhang");
    expect(parts.map((part) => part.text).join("")).toBe("Zhang Wei and ZHANG San");
    expect(hits("Zhang Wei and ZHANG San", "zhang")).toEqual(["Zhang", "ZHANG"]);
    expect(hits("研发部张伟", "张伟")).toEqual(["张伟"]);
  });

  it("matches regular-expression characters literally", () => {
    expect(hits("axb a.b", "a.b")).toEqual(["a.b"]);
    expect(hits("C++ and C", "C++")).toEqual(["C++"]);
    expect(hits("price $5 (net)", "(net)")).toEqual(["(net)"]);
    expect(hits("a|b ab", "a|b")).toEqual(["a|b"]);
    expect(hits("[x] x", "[x]")).toEqual(["[x]"]);
    expect(hits("back\\slash", "\\")).toEqual(["\\"]);
    expect(() => highlightParts("anything", "(*")).not.toThrow();
    expect(hits("anything", "(*")).toEqual([]);
    expect(escapeRegExp("^a.b*c?$")).toBe("\\^a\\.b\\*c\\?\\$");
  });

  it("prefers the whole text, then marks its words apart", () => {
    expect(highlightTerms("  blood  pump ")).toEqual(["blood  pump", "blood", "pump"]);
    expect(hits("blood pump", "blood pump")).toEqual(["blood pump"]);
    expect(hits("pump for blood", "blood pump")).toEqual(["pump", "blood"]);
    expect(highlightParts("text", "   ")).toEqual([{ text: "text", hit: false }]);
    expect(highlightParts("", "x")).toEqual([]);
  });
});

const upn = (code: string) => ({ upn: code, name: `Name ${code}`, status: "Active", restrictReason: null });
const cert = (id: number, code: string) => ({ id, certificateCode: code, productNameCn: `产品${id}` });

describe("the exact-code rule", () => {
  it("opens the one UPN whose code equals the text (trimmed, ignoring case)", () => {
    expect(exactCodeRecord(" upn-0001 ", [upn("UPN-0001"), upn("UPN-00011")], [])).toEqual({ kind: "upn", record: upn("UPN-0001") });
  });

  it("opens the one certificate whose number equals the text", () => {
    const code = "国械注准20193100123";
    expect(exactCodeRecord(code, [upn("X-1")], [cert(1, code), cert(2, `${code}1`)])).toEqual({ kind: "nmpa", record: cert(1, code) });
  });

  it("opens nothing for a partial code, a name, or two equal codes", () => {
    expect(exactCodeRecord("UPN-000", [upn("UPN-0001")], [])).toBeNull();
    expect(exactCodeRecord("Name UPN-0001", [upn("UPN-0001")], [])).toBeNull();
    expect(exactCodeRecord("A-1", [upn("A-1")], [cert(1, "A-1")])).toBeNull();
    expect(exactCodeRecord("  ", [upn("")], [])).toBeNull();
  });
});

describe("the search text of the address and recent searches", () => {
  it("reads searchVal trimmed and bounded to 100 characters", () => {
    expect(keywordOf("?searchVal=%20%E5%BC%A0%E4%BC%9F%20")).toBe("张伟");
    expect(keywordOf("?other=1")).toBe("");
    expect(keywordOf(`?searchVal=${"x".repeat(120)}`)).toHaveLength(100);
  });

  it("offers the recent texts that contain what is typed, all for an empty box", () => {
    const recent = ["张伟", "Zhang Wei", "UPN-0001"];
    expect(recentMatching(recent, "")).toEqual(recent);
    expect(recentMatching(recent, "zhang")).toEqual(["Zhang Wei"]);
    expect(recentMatching(recent, "upn-0001")).toEqual([]);
  });
});
