// The declarative admin resource (issue 7): one file per resource in src/admin/resources/ says
// which data-provider resource it shows, where it lives in the menu and routes, which fields it
// lists, filters and edits, and which actions it offers. The registry (registry.tsx) turns every
// definition into refine's resource and the shell's routes; ResourceList and ResourceForm render
// the generic pages from `fields`, and a definition names its own pages where they do not fit.
import type { ComponentType, ReactNode } from "react";
import type { FormRule } from "antd";

export type FieldKind = "text" | "textarea" | "number" | "url" | "select" | "status" | "datetime";

export interface Option {
  value: string | number;
  /** An i18n key in the definition's namespace. */
  label: string;
}

export interface FieldDef<R = any> {
  /** The record's field, the form's field and the page request's filter field. */
  name: string;
  /** i18n key of the label in the definition's namespace. */
  label: string;
  kind?: FieldKind;
  /** For select and status fields: the values and the keys of their labels. */
  options?: Option[];
  /** Shown as a column (sortable on the server when `sorter`). */
  list?: boolean | { sorter?: boolean; width?: number; ellipsis?: boolean; render?: (value: any, record: R) => ReactNode };
  /** Edited in the create and edit form. `input` replaces the default input (an antd Form.Item child). */
  form?:
    | boolean
    | { required?: boolean; max?: number; rules?: FormRule[]; input?: ReactNode; createOnly?: boolean; help?: string; initialValue?: unknown };
  /** Offered in the search form (contains for text, equals for select and status). */
  filter?: boolean | { input?: ReactNode };
  /** Exported to Excel (default: when listed). */
  export?: boolean;
}

export interface AdminResourceDef<R = any> {
  /** The data provider's resource (src/dataProviders/resources.ts); also refine's resource name. */
  name: string;
  /** The path under /main, e.g. "/applicationManagement". Groups (no pages) may omit it. */
  route?: string;
  /** The server menu url whose menu and buttons guard this resource (default: route). */
  menuUrl?: string;
  /** The parent resource's name (a group such as "sys"). */
  parent?: string;
  /** The admin.json key of the menu label (e.g. "menu.applicationManagement"). */
  label: string;
  icon?: ReactNode;
  /** The i18n namespace of field labels and the definition's own words. */
  ns?: string;
  fields?: FieldDef<R>[];
  /** Generic actions (default: none). Each is also guarded by its button permission. */
  actions?: { create?: boolean; edit?: boolean; delete?: boolean; status?: boolean; export?: boolean };
  /** i18n keys (in ns) of the list title and of the record's name in confirmations. */
  texts?: {
    title?: string;
    deleteConfirm?: string;
    nameField?: string;
    /**
     * "ns:prefix" whose `.status.*` keys word the status switch (enabled, disabled, switchLabel,
     * confirmEnable, confirmDisable, confirmEnableContent, confirmDisableContent, ok, cancel), e.g.
     * "adminApps:shelf" for on/off shelf. Default: admin.json crud.status.
     */
    statusKeys?: string;
  };
  /** Own pages instead of the generic ones. */
  pages?: { list?: ComponentType; create?: ComponentType; edit?: ComponentType; show?: ComponentType };
  /** More routes below `route` (relative paths, e.g. "detail/:id"). */
  routes?: { path: string; element: ReactNode }[];
  /** Not in the side menu (still routed). */
  hideInMenu?: boolean;
  /** Position among its siblings (ascending; then by name). */
  order?: number;
}

/** Identity, for type checking a definition file's default export. */
export function defineAdminResource<R = any>(def: AdminResourceDef<R>): AdminResourceDef<R> {
  return def;
}
