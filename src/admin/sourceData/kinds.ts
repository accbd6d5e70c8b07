// The three kinds of source data (spec 2.3 /originDataList) as the admin screen shows them: the
// data-provider resource of each list, its columns (the contract's field names), which columns
// sort on the server, and its filters. Labels are keys of adminData.json sourceData.fields/filters.
import type { components } from "../../api/schema";
import type { ResourceName } from "../../dataProviders/resources";

export type SourceKind = components["schemas"]["SourceKind"];

export interface SourceKindDef {
  kind: SourceKind;
  /** The data provider's resource (marked x-resource in openapi/paths/sourceData.yaml). */
  resource: ResourceName;
  /** The row key (upn has no id). */
  rowKey: string;
  columns: string[];
  sortable: string[];
  /** Search-form fields after the keyword (page body fields). */
  filters: string[];
}

export const SOURCE_KINDS: SourceKindDef[] = [
  {
    kind: "employee",
    resource: "sourceEmployee",
    rowKey: "employeeNo",
    columns: ["employeeNo", "chineseName", "englishName", "title", "email", "department", "supervisor", "city"],
    sortable: ["employeeNo", "chineseName", "englishName", "department", "city"],
    filters: ["department", "city"],
  },
  {
    kind: "upn",
    resource: "sourceUpn",
    rowKey: "upn",
    columns: ["upn", "name", "status", "restrictReason"],
    sortable: ["upn", "name", "status"],
    filters: ["status"],
  },
  {
    kind: "nmpa",
    resource: "sourceNmpa",
    rowKey: "certificateCode",
    columns: ["certificateCode", "productNameCn", "productNameEn", "validFrom", "validTo", "category", "approvedDate", "manufacturer", "registrant", "address"],
    sortable: ["certificateCode", "productNameCn", "approvedDate", "validTo"],
    filters: ["category", "manufacturer"],
  },
];
