// The fields the three catalogue definitions share (applications, portal applications, data
// sources: src/admin/resources/applicationManagement.tsx, outAppList.tsx, dataSource.tsx), with
// the words of adminApps.json and the cells and inputs of their own: the picture, the address
// link, the device radios and the tag picker (spec 2.3, 3, 5, 7.4).
import { AppstoreOutlined } from "@ant-design/icons";
import { Input, Radio, Typography, type FormRule, type RadioGroupProps, type SelectProps } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

import type { components } from "../../api/schema";
import { InFormSelect } from "../../shared/InFormSelect";
import type { FieldDef } from "../crud";
import { MAX_TAGS } from "../tags/api";
import { useTagOptions } from "../tags/useTagOptions";

type Device = components["schemas"]["UserDevice"];
const DEVICES: Device[] = ["mobile", "pc", "all"];

/** What the server accepts as an address: http(s) or a path of this product (common.yaml Url). */
export const ADDRESS = /^(https?:\/\/|\/)/;

const addressRule = (t: TFunction): FormRule => ({
  validator: (_r, v) => (!v || ADDRESS.test(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(t("adminApps:form.urlRule")))),
});

/** The body of a save: texts trimmed, blank optional ones sent as null, `defaults` for absent values. */
export function saveBody(values: Record<string, unknown>, fields: { texts: string[]; optional: string[]; defaults?: Record<string, unknown> }) {
  const body: Record<string, unknown> = { ...fields.defaults };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) body[name] = value;
  for (const name of fields.texts) body[name] = String(values[name] ?? "").trim();
  for (const name of fields.optional) body[name] = typeof values[name] === "string" && (values[name] as string).trim() ? (values[name] as string).trim() : null;
  return body;
}

function AppImage({ image, name }: { image?: string | null; name: string }) {
  const { t } = useTranslation("adminApps");
  return image ? (
    <img src={image} alt={t("actions.imageAlt", { name })} width={32} height={32} style={{ objectFit: "contain" }} />
  ) : (
    <AppstoreOutlined style={{ fontSize: 28 }} aria-hidden />
  );
}

function DeviceRadios(props: RadioGroupProps) {
  const { t } = useTranslation("adminApps");
  return <Radio.Group {...props} options={DEVICES.map((d) => ({ value: d, label: t(`devices.${d}`) }))} />;
}

/** The application's tags (at most 8), saying so when the tags could not be read. */
function TagPicker(props: SelectProps<number[]>) {
  const { t } = useTranslation("adminApps");
  const { options, loading, failed } = useTagOptions();
  return (
    <>
      <InFormSelect<number[]> {...props} mode="multiple" maxCount={MAX_TAGS} options={options} loading={loading} optionFilterProp="label" allowClear />
      {failed && <Typography.Text type="danger">{t("form.tagsFailed")}</Typography.Text>}
    </>
  );
}

const urlCell = (url: string) => (
  <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 240 }}>
    {url}
  </Typography.Link>
);

/** On and off shelf (spec 4): the status switch's words are adminApps.json shelf.status.* (texts.statusKeys). */
const SHELF_OPTIONS = [
  { value: 1, label: "shelf.status.enabled" },
  { value: 0, label: "shelf.status.disabled" },
];

type Row = { name: string; image?: string | null };

/** The shared fields, in the order of the table (a form's fields keep this order too). */
export const catalogueFields = {
  /** Exported only: the row's id, as in the sheets before. */
  id: { name: "id", label: "fields.id", export: true },
  /** The picture column (the address itself is exported with the form's image field). */
  imageCell: { name: "image", label: "fields.image", list: { width: 72, render: (image: string | null, r: Row) => <AppImage image={image} name={r.name} /> }, export: false },
  name: { name: "name", label: "fields.name", list: { sorter: true, width: 180 }, form: { required: true, max: 100 } },
  keyword: { name: "keyword", label: "fields.keyword", list: { sorter: true, width: 130 }, form: { required: true, max: 50 } },
  // On or off shelf next to the name: it stays in view on a laptop screen without scrolling.
  status: { name: "status", label: "fields.status", kind: "status", options: SHELF_OPTIONS, list: { sorter: true, width: 110 }, filter: { width: 120 } },
  url: {
    name: "url",
    label: "fields.url",
    list: { width: 220, render: urlCell },
    form: { required: true, max: 2000, rules: (_r, t) => [addressRule(t)], input: <Input placeholder="https://" /> },
  },
  userDevice: {
    name: "userDevice",
    label: "fields.userDevice",
    kind: "select",
    options: DEVICES.map((d) => ({ value: d, label: `devices.${d}` })),
    list: { width: 110 },
    filter: { width: 130 },
    form: { required: true, input: <DeviceRadios />, initialValue: "all" },
  },
  image: {
    name: "image",
    label: "fields.image",
    form: { max: 2000, rules: (_r, t) => [addressRule(t)], input: <Input placeholder="https://" />, extra: "form.imageHelp" },
    export: true,
  },
  description: { name: "description", label: "fields.description", kind: "textarea", list: { width: 200, ellipsis: true }, form: { max: 500 } },
  labelIds: {
    name: "labelIds",
    label: "fields.labelIds",
    optionsQuery: useTagOptions,
    multiple: true,
    list: { width: 180 },
    form: { input: <TagPicker />, rules: (_r, t) => [{ type: "array", max: MAX_TAGS, message: t("adminApps:form.tagsMax") }], extra: "form.tagsMax", initialValue: [] },
  },
  /** The search by tag: one tag, sent as labelId. */
  labelId: { name: "labelId", label: "filters.labelId", optionsQuery: useTagOptions, filter: { width: 160 } },
  compatibilityRange: {
    name: "compatibilityRange",
    label: "fields.compatibilityRange",
    list: { width: 160 },
    form: { max: 100, input: <Input maxLength={100} placeholder="Chrome 90+" /> },
  },
  createTime: { name: "createTime", label: "fields.createTime", kind: "datetime", list: { sorter: true } },
} satisfies Record<string, FieldDef>;
