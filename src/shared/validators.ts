// The reusable form rules of spec 5, as antd Form rules. Format rules let an empty value pass
// (the required rule speaks for emptiness), so each field shows one message at a time.
import type { FormRule } from "antd";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const PATTERNS = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  /** Mainland mobile numbers: 11 digits starting with 1. */
  mobile: /^1\d{10}$/,
  /** National ID: 15 digits, or 17 digits plus a check digit or X. */
  idCard: /^(\d{15}|\d{17}[\dXx])$/,
  /** 1 to 20 letters or digits; case is kept (user names are case sensitive). */
  username: /^[A-Za-z0-9]{1,20}$/,
  /** 1 to 50 Chinese characters or English letters. */
  words: /^[\p{Script=Han}A-Za-z]{1,50}$/u,
  number: /^[-+]?(\d+(\.\d*)?|\.\d+)$/,
} as const;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** An age is a whole number from 0 to 149. */
export function isAge(value: unknown): boolean {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^\d+$/.test(text.trim())) return false;
  return Number(text) < 150;
}

/** A time range needs both ends (spec 5). */
export function isCompleteRange(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2 && !isEmpty(value[0]) && !isEmpty(value[1]);
}

function check(test: (value: unknown) => boolean, message: () => string): FormRule {
  return {
    validator: (_rule, value) =>
      isEmpty(value) || test(value) ? Promise.resolve() : Promise.reject(new Error(message())),
  };
}

const matches = (pattern: RegExp) => (value: unknown) => pattern.test(String(value).trim());
const lengthOf = (value: unknown) => [...String(value)].length;

/**
 * Rules with messages in the current language. `t` is i18next's t (or refine's translate);
 * messages are read at validation time, so a language switch applies to the next check.
 */
export function createRules(t: Translate) {
  const say = (key: string, options?: Record<string, unknown>) => () =>
    t(`common:validators.${key}`, options);
  return {
    required: (message?: string): FormRule => ({
      required: true,
      whitespace: true,
      message: message ?? say("required")(),
    }),
    email: check(matches(PATTERNS.email), say("email")),
    mobile: check(matches(PATTERNS.mobile), say("mobile")),
    idCard: check(matches(PATTERNS.idCard), say("idCard")),
    age: check(isAge, say("age")),
    username: check(matches(PATTERNS.username), say("username")),
    words: check(matches(PATTERNS.words), say("words")),
    number: check(matches(PATTERNS.number), say("number")),
    timeRange: {
      validator: (_rule, value) =>
        isCompleteRange(value) ? Promise.resolve() : Promise.reject(new Error(say("timeRange")())),
    } satisfies FormRule,
    minLength: (min: number) => check((v) => lengthOf(v) >= min, say("minLength", { min })),
    maxLength: (max: number) => check((v) => lengthOf(v) <= max, say("maxLength", { max })),
    lengthRange: (min: number, max: number) =>
      check((v) => lengthOf(v) >= min && lengthOf(v) <= max, say("lengthRange", { min, max })),
  };
}
