// How a field of a definition looks in a list cell, a search form and an edit form.
import type { ReactNode } from "react";
import { DatePicker, Input, InputNumber, Radio, Select, Tag, Typography, type FormRule, type SelectProps } from "antd";
import { InFormSelect } from "../../shared/InFormSelect";
import type { TFunction } from "i18next";

import { createRules } from "../../shared/validators";
import type { AdminResourceDef, FieldDef, OptionsQuery } from "./types";

/** Column widths by kind where the definition gives none: their sum is the table's scroll width. */
const WIDTHS: Record<string, number> = { status: 110, datetime: 170, number: 100, url: 220, select: 120, textarea: 220, text: 140 };
export const widthOf = (field: FieldDef) => (isObject(field.list) && field.list.width) || WIDTHS[field.kind ?? "text"];

/** A select whose options come from the server (the field's optionsQuery, a hook). */
function QuerySelect({ query, inForm, ...props }: SelectProps & { query: OptionsQuery; inForm?: boolean }) {
  const { options, loading } = query();
  return inForm ? <InFormSelect {...props} options={options} loading={loading} optionFilterProp="label" /> : <Select {...props} options={options} loading={loading} />;
}

export const nsOf = (def: AdminResourceDef) => def.ns ?? "admin";

/** "ns:key" so one t() reads the admin words and the definition's own. */
export const keyOf = (def: AdminResourceDef, key: string) => `${nsOf(def)}:${key}`;

export const isObject = <T extends object>(v: boolean | T | undefined): v is T => typeof v === "object" && v !== null;

export function optionsOf(def: AdminResourceDef, field: FieldDef, t: TFunction) {
  return (field.options ?? []).map((o) => ({ value: o.value, label: t(keyOf(def, o.label)) }));
}

/** Options read from the server for a listed field (its optionsQuery's answer). */
export type QueriedOptions = ReturnType<OptionsQuery>["options"];

/** A value's label among options read from the server ("#id" while they load or when gone). */
const queriedLabel = (options: QueriedOptions, value: unknown) => options.find((o) => o.value === value)?.label ?? `#${String(value)}`;

/** The text of a value as a cell or an export shows it (`queried`: the field's optionsQuery answer). */
export function displayText(def: AdminResourceDef, field: FieldDef, value: unknown, t: TFunction, record?: unknown, queried?: QueriedOptions): string {
  if (field.text) return field.text(value, record, t);
  if (value === null || value === undefined || value === "") return "";
  if (queried) return (Array.isArray(value) ? value : [value]).map((v) => queriedLabel(queried, v)).join(", ");
  const option = field.options?.find((o) => o.value === value);
  if (option) return t(keyOf(def, option.label));
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

export function cellOf(def: AdminResourceDef, field: FieldDef, value: unknown, record: unknown, t: TFunction, queried?: QueriedOptions): ReactNode {
  if (isObject(field.list) && field.list.render) return field.list.render(value, record);
  if (field.multiple && !field.text && Array.isArray(value) && value.length > 0)
    return value.map((v, i) => <Tag key={i}>{queried ? queriedLabel(queried, v) : displayText(def, field, v, t, record)}</Tag>);
  const text = displayText(def, field, value, t, record, queried);
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
  const filter = isObject(field.filter) ? field.filter : {};
  if (filter.input) return filter.input;
  if (filter.range) return <DatePicker.RangePicker allowEmpty={[true, true]} />;
  const placeholder = (fallback: string) => (filter.placeholder ? t(keyOf(def, filter.placeholder)) : t(fallback));
  if (field.optionsQuery)
    return <QuerySelect query={field.optionsQuery} allowClear showSearch optionFilterProp="label" style={{ width: filter.width ?? 180 }} placeholder={placeholder("admin:crud.placeholders.all")} />;
  if (field.kind === "select" || field.kind === "status")
    return <Select allowClear style={{ width: filter.width ?? 160 }} options={optionsOf(def, field, t)} placeholder={placeholder("admin:crud.placeholders.all")} />;
  return <Input allowClear style={{ width: filter.width ?? 180 }} placeholder={placeholder("admin:crud.placeholders.search")} />;
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
  out.push(...(typeof form.rules === "function" ? form.rules(rules, t) : form.rules ?? []));
  return out;
}

export function formInputOf(def: AdminResourceDef, field: FieldDef, t: TFunction): ReactNode {
  const form = isObject(field.form) ? field.form : {};
  if (form.input) return form.input;
  const placeholder = form.placeholder ? t(keyOf(def, form.placeholder)) : undefined;
  if (field.optionsQuery) return <QuerySelect query={field.optionsQuery} inForm mode={field.multiple ? "multiple" : undefined} placeholder={placeholder} />;
  switch (field.kind) {
    case "textarea":
      return <Input.TextArea rows={3} showCount={form.max ? true : undefined} maxLength={form.max} placeholder={placeholder} />;
    case "number":
      return <InputNumber style={{ width: 200 }} placeholder={placeholder} />;
    case "select":
      return <InFormSelect options={optionsOf(def, field, t)} style={{ maxWidth: 320 }} mode={field.multiple ? "multiple" : undefined} placeholder={placeholder} />;
    case "status":
      return <Radio.Group options={optionsOf(def, field, t)} />;
    case "datetime":
      return <DatePicker showTime />;
    case "url":
      return <Input type="url" placeholder={placeholder ?? "https://"} />;
    default:
      return <Input maxLength={form.max} placeholder={placeholder} />;
  }
}
