// The three kinds of source data (spec 2.3 /originDataList) as generated lists, one definition each:
// the data provider's resource (marked x-resource in openapi/paths/sourceData.yaml), its columns
// (the contract's field names; sorted on the server where `sorter`), the keyword search and the
// kind's own filters (contains), Excel export, and the template and import buttons. They are the
// tabs of the originDataList definition (src/admin/resources/originDataList.tsx), not menu entries.
import type { components } from "../../api/schema";
import { defineAdminResource, type FieldDef } from "../crud";
import { sourceActions } from "./SourceActions";

type Employee = components["schemas"]["SearchEmployee"];
type Upn = components["schemas"]["SearchUpn"];
type Nmpa = components["schemas"]["SearchNmpa"];

/** The keyword (number or name) every kind is searched by: a filter, no column. */
const keyword: FieldDef = { name: "keyword", label: "sourceData.filters.keyword", filter: { placeholder: "sourceData.filters.keywordPlaceholder" } };

/** A column of the kind (labels sourceData.fields.*); `sorter` sorts on the server, `filter` searches it. */
const column = <R,>(name: keyof R & string, opts: { sorter?: boolean; filter?: boolean } = {}): FieldDef<R> => ({
  name,
  label: `sourceData.fields.${name}`,
  list: { sorter: opts.sorter, ellipsis: true },
  filter: opts.filter ? { width: 140 } : undefined,
});

const common = { ns: "adminData", actions: { export: true } } as const;

export const sourceEmployee = defineAdminResource<Employee>({
  ...common,
  name: "sourceEmployee",
  label: "adminData:sourceData.tabs.employee",
  rowKey: "employeeNo",
  fields: [
    keyword,
    column<Employee>("employeeNo", { sorter: true }),
    column<Employee>("chineseName", { sorter: true }),
    column<Employee>("englishName", { sorter: true }),
    column<Employee>("title"),
    column<Employee>("email"),
    column<Employee>("department", { sorter: true, filter: true }),
    column<Employee>("supervisor"),
    column<Employee>("city", { sorter: true, filter: true }),
  ],
  headerActions: sourceActions("employee", "sourceEmployee"),
});

export const sourceUpn = defineAdminResource<Upn>({
  ...common,
  name: "sourceUpn",
  label: "adminData:sourceData.tabs.upn",
  rowKey: "upn",
  fields: [
    keyword,
    column<Upn>("upn", { sorter: true }),
    column<Upn>("name", { sorter: true }),
    column<Upn>("status", { sorter: true, filter: true }),
    column<Upn>("restrictReason"),
  ],
  headerActions: sourceActions("upn", "sourceUpn"),
});

export const sourceNmpa = defineAdminResource<Nmpa>({
  ...common,
  name: "sourceNmpa",
  label: "adminData:sourceData.tabs.nmpa",
  rowKey: "certificateCode",
  fields: [
    keyword,
    column<Nmpa>("certificateCode", { sorter: true }),
    column<Nmpa>("productNameCn", { sorter: true }),
    column<Nmpa>("productNameEn"),
    column<Nmpa>("validFrom"),
    column<Nmpa>("validTo", { sorter: true }),
    column<Nmpa>("category", { filter: true }),
    column<Nmpa>("approvedDate", { sorter: true }),
    column<Nmpa>("manufacturer", { filter: true }),
    column<Nmpa>("registrant"),
    column<Nmpa>("address"),
  ],
  headerActions: sourceActions("nmpa", "sourceNmpa"),
});

export const SOURCE_KINDS = [sourceEmployee, sourceUpn, sourceNmpa];
