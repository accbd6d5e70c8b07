// How a field of a definition looks in a list cell, a search form and an edit form.
import type { ReactNode } from "react";
import { DatePicker, Input, InputNumber, Radio, Select, Typography, type FormRule } from "antd";
import { InFormSelect } from "../../shared/InFormSelect";
import type { TFunction } from "i18next";

import { createRules } from "../../shared/validators";
import type { AdminResourceDef, FieldDef } from "./types";

export const nsOf = (def: AdminResourceDef) => def.ns ?? "admin";

/** "ns:key" so one t() reads the admin words and the definition's own. */
export const keyOf = (def: AdminResourceDef, key: string) => `${nsOf(def)}:${key}`;

export const isObject = <T extends object>(v: boolean | T | undefined): v is T => typeof v === "object" && v !== null;

export function optionsOf(def: AdminResourceDef, field: FieldDef, t: TFunction) {
  return (field.options ?? []).map((o) => ({ value: o.value, label: t(keyOf(def, o.label)) }));
}

/** The text of a value as a cell or an export shows it. */
export function displayText(def: AdminResourceDef, field: FieldDef, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === "") return "";
  const option = field.options?.find((o) => o.value === value);
  if (option) return t(keyOf(def, option.label));
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

export function cellOf(def: AdminResourceDef, field: FieldDef, value: unknown, record: unknown, t: TFunction): ReactNode {
  if (isObject(field.list) && field.list.render) return field.list.render(value, record);
  const text = displayText(def, field, value, t);
  if (text === "") return <Typography.Text type="secondary">--</Typography.Text>;
  if (field.kind === "url")
    return (
      <Typography.Link href={text} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 260 }}>
        {text}
      </Typography.Link>
    );
  return text;
}

export function filterInputOf(def: AdminResourceDef, field: FieldDef, t: TFunction): ReactNode {
  if (isObject(field.filter) && field.filter.input) return field.filter.input;
  if (field.kind === "select" || field.kind === "status")
    return <Select allowClear style={{ width: 160 }} options={optionsOf(def, field, t)} placeholder={t("admin:crud.placeholders.all")} />;
  return <Input allowClear style={{ width: 180 }} placeholder={t("admin:crud.placeholders.search")} />;
}

const isHttpUrl = (v: unknown) => {
  if (typeof v !== "string" || v.trim() === "") return true;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

export function formRulesOf(field: FieldDef, t: TFunction): FormRule[] {
  const rules = createRules(t as unknown as (key: string, options?: Record<string, unknown>) => string);
  const form = isObject(field.form) ? field.form : {};
  const out: FormRule[] = [];
  if (form.required) out.push(field.kind === "select" || field.kind === "status" || field.kind === "number" ? { required: true, message: t("common:validators.required") } : rules.required());
  if (form.max) out.push(rules.maxLength(form.max));
  if (field.kind === "url")
    out.push({ validator: (_r, v) => (isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error(t("admin:crud.validation.url")))) });
  out.push(...(form.rules ?? []));
  return out;
}

export function formInputOf(def: AdminResourceDef, field: FieldDef, t: TFunction): ReactNode {
  const form = isObject(field.form) ? field.form : {};
  if (form.input) return form.input;
  switch (field.kind) {
    case "textarea":
      return <Input.TextArea rows={3} showCount={form.max ? true : undefined} maxLength={form.max} />;
    case "number":
      return <InputNumber style={{ width: 200 }} />;
    case "select":
      return <InFormSelect options={optionsOf(def, field, t)} style={{ maxWidth: 320 }} />;
    case "status":
      return <Radio.Group options={optionsOf(def, field, t)} />;
    case "datetime":
      return <DatePicker showTime />;
    case "url":
      return <Input type="url" placeholder="https://" />;
    default:
      return <Input maxLength={form.max} />;
  }
}
