import { afterEach, describe, expect, it } from "vitest";
import type { FormRule } from "antd";

import { i18n, setLanguage } from "../i18n";
import { createRules } from "./validators";

const rules = createRules((key, options) => i18n.t(key, options));

/** Runs a rule the way antd Form does and returns its message, or null when the value passes. */
async function messageFor(rule: FormRule, value: unknown): Promise<string | null> {
  if (typeof rule === "function" || !rule.validator) throw new Error("not a validator rule");
  try {
    await rule.validator(rule as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

afterEach(async () => {
  sessionStorage.clear();
  await setLanguage("cn");
});

describe("spec 5 form rules", () => {
  it("required carries the default Chinese message, or the one given", () => {
    expect(rules.required()).toMatchObject({ required: true, message: "必填项不能为空" });
    expect(rules.required("请输入账号")).toMatchObject({ message: "请输入账号" });
  });

  it.each([
    ["email", "a.b@example.com", "a.b@example", "请输入正确邮箱地址！"],
    ["mobile", "13812345678", "23812345678", "请输入正确的手机号码！"],
    ["mobile", "13812345678", "1381234567", "请输入正确的手机号码！"],
    ["idCard", "110101199003070000", "11010119900307000Y", "请输入正确的身份证号码"],
    ["idCard", "110101900307123", "11010190030712X", "请输入正确的身份证号码"],
    ["age", "149", "150", "请输入合法年龄"],
    ["age", 0, "12.5", "请输入合法年龄"],
    ["username", "ZhangWei01", "zhang_wei", "输入值为1-20位字符，包含数字、字母（区分大小写）！"],
    ["username", "a".repeat(20), "a".repeat(21), "输入值为1-20位字符，包含数字、字母（区分大小写）！"],
    ["words", "张伟Wei", "张伟 1", "1-50位中英文字符"],
    ["number", "-12.5", "12a", "请输入数字"],
  ] as const)("%s accepts %j and refuses %j", async (name, good, bad, message) => {
    const rule = rules[name] as FormRule;
    expect(await messageFor(rule, good)).toBeNull();
    expect(await messageFor(rule, bad)).toBe(message);
  });

  it("17-digit ID with a lower-case x check digit is accepted", async () => {
    expect(await messageFor(rules.idCard, "11010119900307123x")).toBeNull();
  });

  it("format rules leave empty values to the required rule", async () => {
    for (const name of ["email", "mobile", "idCard", "age", "username", "words", "number"] as const) {
      expect(await messageFor(rules[name], "")).toBeNull();
      expect(await messageFor(rules[name], undefined)).toBeNull();
    }
  });

  it("a time range needs both ends", async () => {
    expect(await messageFor(rules.timeRange, ["2025-01-01", "2025-01-02"])).toBeNull();
    expect(await messageFor(rules.timeRange, ["2025-01-01", null])).toBe("请选择时间");
    expect(await messageFor(rules.timeRange, undefined)).toBe("请选择时间");
  });

  it("length rules count characters, not bytes", async () => {
    expect(await messageFor(rules.minLength(2), "张伟")).toBeNull();
    expect(await messageFor(rules.minLength(3), "张伟")).toBe("最少输入3个字符");
    expect(await messageFor(rules.maxLength(2), "张伟明")).toBe("最多输入2个字符");
    expect(await messageFor(rules.lengthRange(2, 4), "abcde")).toBe("请输入2到4个字符");
    expect(await messageFor(rules.lengthRange(2, 4), "abcd")).toBeNull();
  });

  it("messages follow the current language", async () => {
    await setLanguage("en");
    expect(await messageFor(rules.email, "nope")).toBe("Please enter a correct email address!");
  });
});
