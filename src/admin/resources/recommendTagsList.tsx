import { InputNumber } from "antd";

import { defineAdminResource } from "../crud";
import type { BscLabel } from "../tags/api";
import { TagStatusSwitch } from "../tags/TagStatusSwitch";
import { EN_NAME } from "../tags/rules";
import { TagUsage } from "../tags/TagUsage";
import { Words } from "../tags/Words";

const STATUS_OPTIONS = [
  { value: 1, label: "status.enabled" },
  { value: 0, label: "status.disabled" },
];

/**
 * The tag list (spec 2.3 /tagManamentList/recommendTagsList, 3 Tag, 5, 7.3): names unique, create,
 * edit, delete (confirmed; the row shows where the tag is used, and deleting unlinks it), and
 * enable/disable through saveBatchById (TagStatusSwitch).
 */
export default defineAdminResource<BscLabel>({
  name: "bscLabel",
  route: "/tagManamentList/recommendTagsList",
  menuUrl: "/tagManamentList/recommendTagsList",
  parent: "tagManamentList",
  label: "menu.recommendTagsList",
  ns: "adminTags",
  order: 1,
  actions: { create: true, edit: true, delete: true, export: true },
  texts: { deleteConfirm: "tags.deleteConfirm", nameField: "labelName" },
  fields: [
    {
      name: "labelName",
      label: "fields.labelName",
      list: { sorter: true },
      filter: true,
      form: { required: true, max: 50, rules: [{ whitespace: true, message: <Words k="rules.notBlank" /> }] },
    },
    {
      name: "labelEnName",
      label: "fields.labelEnName",
      list: { sorter: true },
      form: { required: true, max: 50, rules: [{ pattern: EN_NAME, message: <Words k="rules.enName" /> }] },
    },
    {
      name: "sort",
      label: "fields.sort",
      kind: "number",
      list: { sorter: true },
      form: { initialValue: 0, input: <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} /> },
    },
    {
      name: "status",
      label: "fields.status",
      kind: "status",
      options: STATUS_OPTIONS,
      list: { sorter: true, render: (value: number, r: BscLabel) => <TagStatusSwitch id={r.id} name={r.labelName} status={value} /> },
      filter: true,
      form: { createOnly: true, initialValue: 1 },
    },
    { name: "usage", label: "fields.usage", list: { render: (_: unknown, r: BscLabel) => <TagUsage tag={r} /> }, export: false },
    { name: "appCount", label: "fields.appCount", export: true },
    { name: "deptCount", label: "fields.deptCount", export: true },
    { name: "policyCount", label: "fields.policyCount", export: true },
    { name: "createTime", label: "fields.createTime", kind: "datetime", list: { sorter: true } },
  ],
});
