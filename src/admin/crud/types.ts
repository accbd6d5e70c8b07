// The declarative admin resource (issue 7): one file per resource in src/admin/resources/ says
// which data-provider resource it shows, where it lives in the menu and routes, which fields it
// lists, filters and edits, and which actions it offers. The registry (registry.tsx) turns every
// definition into refine's resource and the shell's routes; ResourceList and ResourceForm render
// the generic pages from `fields`, and a definition names its own pages where they do not fit.
import type { ComponentType, ReactNode } from "react";
import type { FormRule } from "antd";
import type { TFunction } from "i18next";

import type { ResourceName } from "../../dataProviders/resources";
import type { createRules } from "../../shared/validators";
import type { ModalApi } from "../StatusSwitch";

/** The spec 5 rules (required, maxLength, username, email, mobile, ...) in the page's language. */
export type Rules = ReturnType<typeof createRules>;

/** Options read from the server (e.g. every enabled role), labels already in the page's language. */
export type OptionsQuery = () => { options: { value: string | number; label: string }[]; loading: boolean };

/** A row's own action beside edit and delete (e.g. reset password); guards its own permission. */
export type RowAction<R> = ComponentType<{ record: R; modal: ModalApi }>;

/**
 * Shown after a create succeeded, before the page goes back to the list (e.g. the first password,
 * shown once): `created` is the create call's answer (not a list row), `values` the form's,
 * `onDone` goes back to the list.
 */
export type AfterCreate<C = any> = ComponentType<{ created: C; values: Record<string, unknown>; onDone: () => void }>;

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
  /** A select of several values (an array), in the order picked; listed as one tag per value. */
  multiple?: boolean;
  /**
   * For select fields whose options come from the server (a hook, called by the input, and by the
   * list when the field is listed or exported: its values are shown by their labels).
   */
  optionsQuery?: OptionsQuery;
  /** The text of the value in a cell and the export, when not the value or its option label. */
  text?: (value: any, record: R, t: TFunction) => string;
  /**
   * Shown as a column (sortable on the server when `sorter`). `width` in px (default by kind):
   * the table scrolls sideways from the sum of the widths, so no column hides under the actions.
   * `render` is a custom cell.
   */
  list?: boolean | { sorter?: boolean; width?: number; ellipsis?: boolean; render?: (value: any, record: R) => ReactNode };
  /**
   * Edited in the create and edit form. `input` replaces the default input (an antd Form.Item
   * child); `extra` (an i18n key) is a hint under the input; `placeholder` an i18n key.
   */
  form?:
    | boolean
    | {
        required?: boolean;
        max?: number;
        rules?: FormRule[] | ((rules: Rules, t: TFunction) => FormRule[]);
        input?: ReactNode;
        createOnly?: boolean;
        extra?: string;
        placeholder?: string;
        initialValue?: unknown;
      };
  /**
   * Offered in the search form (contains for text, equals for select, status and optionsQuery;
   * `operator` overrides). `range: [from, to]` is a date range picker sent as the two request
   * fields (YYYY-MM-DD, either may be empty).
   */
  filter?: boolean | { input?: ReactNode; placeholder?: string; width?: number; operator?: "eq" | "contains"; range?: [string, string] };
  /** Exported to Excel (default: when listed). */
  export?: boolean;
  /**
   * In the generic show view (default: when listed). `span`: the columns it takes in a show view
   * of several columns; `render`: its own content (default: the list's cell).
   */
  show?: boolean | { span?: number; render?: (value: any, record: R) => ReactNode };
}

/**
 * The admin screens that are no generic resource of the contract: the side menu's groups and the
 * hand-built pages (the admin home, the personal centre, detail pages, editors). Every other
 * definition is named by its resource (ResourceName, from the contract's x-resource marks).
 */
export type AdminScreen =
  | "sys"
  | "tagManamentList"
  | "policy"
  | "taskManagement"
  | "home"
  | "personalCenter"
  | "changePassword"
  | "people"
  | "quitLogon"
  | "originDataList"
  | "privacyPolicyAdd"
  | "firstRoast"
  | "secondRoast"
  | "commentDetail"
  | "esignSettings";

/** A definition's name: a resource of the contract or an admin screen; a typo fails the type check. */
export type AdminName = ResourceName | AdminScreen;

export interface AdminResourceDef<R = any> {
  /**
   * The data provider's resource (one marked `x-resource` in openapi/, common/generated/resources.ts)
   * or an admin screen; also refine's resource name.
   */
  name: AdminName;
  /** The path under /main, e.g. "/applicationManagement". Groups (no pages) may omit it. */
  route?: string;
  /**
   * The server menu url whose menu and buttons guard this resource. Default: the resource's menu url
   * from the contract (RESOURCE_PERMISSIONS: its page operation's x-permission), else the route. Set
   * it only where the admin's menu differs from the contract's (a tag list guarded by its own menu).
   */
  menuUrl?: string;
  /** The parent resource's name (a group such as "sys"). */
  parent?: AdminName;
  /** The admin.json key of the menu label (e.g. "menu.applicationManagement"). */
  label: string;
  icon?: ReactNode;
  /** The i18n namespace of field labels and the definition's own words. */
  ns?: string;
  fields?: FieldDef<R>[];
  /** Generic actions (default: none). Each is also guarded by its button permission. */
  actions?: { create?: boolean; edit?: boolean; delete?: boolean; status?: boolean; export?: boolean };
  /**
   * The generic show view (route show/:id, a view button per row): the shown fields as a
   * description list, then `sections` (e.g. a role's permissions), each given the record.
   */
  show?: {
    sections?: ComponentType<{ record: R }>[];
    /** The show view's route below `route` (default "show/:id"); e.g. ":id" for /firstRoast/:id. */
    path?: string;
    /** The resource the record is read from (default `name`): a detail screen of another list's records. */
    resource?: ResourceName;
    /** The description list's columns from a medium screen up (default 1). */
    columns?: number;
    /** The header's buttons instead of refine's refresh, each given the record (e.g. review, delete). */
    headerActions?: ComponentType<{ record: R }>[];
    /** Shown instead when there is no such record (the read failed, e.g. deleted or a malformed id). */
    notFound?: ComponentType;
  };
  /** Own row actions, between edit and delete. */
  rowActions?: RowAction<R>[];
  /**
   * Own buttons in the list's header, before export and create (e.g. refresh, or a create that
   * opens a page of its own); each guards its own permission.
   */
  headerActions?: ComponentType[];
  /**
   * The generic create and edit form: values as sent, and what follows a create (page forms only).
   * `modal`: create and edit in a dialog over the list instead of pages, the edit filled from the
   * list's row (for resources without getById; no create/edit routes). `updateByCreate`: the
   * contract changes a row by its create with the id (refine's create, not update).
   */
  form?: {
    transform?: (values: Record<string, unknown>) => Record<string, unknown>;
    afterCreate?: AfterCreate;
    modal?: boolean;
    updateByCreate?: boolean;
  };
  /** i18n keys (in ns) of the list title and of the record's name in confirmations. */
  texts?: {
    title?: string;
    /** Create and edit titles; called with `{ name }`: the `noun`'s text, else the menu label's. */
    createTitle?: string;
    editTitle?: string;
    /** What one record is called ("application"), for the default create and edit titles. */
    noun?: string;
    showTitle?: string;
    /** "{{count}} ... in all" (i18next plurals: `_one`, `_other`). Default admin.json crud.pagination.total. */
    total?: string;
    empty?: string;
    deleteConfirm?: string;
    nameField?: string;
    /**
     * "ns:prefix" whose `.status.*` keys word the status switch (enabled, disabled, switchLabel,
     * confirmEnable, confirmDisable, confirmEnableContent, confirmDisableContent, ok, cancel), e.g.
     * "adminApps:shelf" for on/off shelf. Default: admin.json crud.status.
     */
    statusKeys?: string;
  };
  /** The row key of the list's table (default "id"; e.g. a UPN list keyed by its upn). */
  rowKey?: string;
  /**
   * One screen of several lists (issue 22: the source data's three kinds): the list route shows a
   * tab per definition, each a generated list (`ResourceList` without a page frame, not synced with
   * the address, so one tab's filters never reach another). A tab's `label` is its tab's title
   * ("ns:key"); it is no menu entry and has no route of its own.
   */
  tabs?: AdminResourceDef[];
  /** Own pages instead of the generic ones. */
  pages?: { list?: ComponentType; create?: ComponentType; edit?: ComponentType; show?: ComponentType };
  /** More routes below `route` (relative paths, e.g. "detail/:id"). */
  routes?: { path: string; element: ReactNode }[];
  /**
   * Routes below `route` shown without the shell's side menu and header (issue 24: the audit
   * trail's print view, which an inspector prints to PDF). Guarded like the definition's others.
   */
  bareRoutes?: { path: string; element: ReactNode }[];
  /** Not in the side menu (still routed). */
  hideInMenu?: boolean;
  /** Position among its siblings (ascending; then by name). */
  order?: number;
}

/** Identity, for type checking a definition file's default export. */
export function defineAdminResource<R = any>(def: AdminResourceDef<R>): AdminResourceDef<R> {
  return def;
}
