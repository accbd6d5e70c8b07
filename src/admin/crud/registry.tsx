// Every file of src/admin/resources/ that default-exports a definition is an admin resource: this
// registry gives refine its resources (the side menu, breadcrumbs, access control) and the admin
// shell its routes. Adding a resource is adding one file; nothing else is edited.
import type { ResourceProps } from "@refinedev/core";
import type { ReactNode } from "react";
import { Route } from "react-router";

import { resourcePermission } from "../../dataProviders/resources";
import { PageLoadBoundary } from "../../shared/PageLoadBoundary";
import { ResourceCreate, ResourceEdit } from "./ResourceForm";
import { ResourceList } from "./ResourceList";
import { ResourceShow } from "./ResourceShow";
import { ResourceTabs } from "./ResourceTabs";
import type { AdminResourceDef } from "./types";

/** The admin shell lives under /main, like the user shell (spec 2.1). */
export const ADMIN_BASE = "/main";

const files = import.meta.glob<AdminResourceDef>("../resources/*.tsx", { eager: true, import: "default" });

/**
 * The definitions in menu order: a group and its members keep together (refine nests members in
 * the order their group first appears); siblings by `order`, then by name.
 */
export function sortDefinitions(defs: AdminResourceDef[]): AdminResourceDef[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const path = (d: AdminResourceDef, seen = new Set<string>()): (number | string)[] => {
    const parent = d.parent ? byName.get(d.parent) : undefined;
    const own = [d.order ?? 1000, d.name];
    if (!parent || seen.has(d.name)) return own;
    seen.add(d.name);
    return [...path(parent, seen), ...own];
  };
  const compare = (a: (number | string)[], b: (number | string)[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] === b[i]) continue;
      return typeof a[i] === "number" && typeof b[i] === "number" ? (a[i] as number) - (b[i] as number) : String(a[i]).localeCompare(String(b[i]));
    }
    return a.length - b.length;
  };
  return [...defs].sort((a, b) => compare(path(a), path(b)));
}

export function checkDefinitions(defs: AdminResourceDef[]): AdminResourceDef[] {
  const names = new Set<string>();
  const routes = new Set<string>();
  for (const d of defs) {
    if (names.has(d.name)) throw new Error(`Admin resource "${d.name}" is defined twice`);
    names.add(d.name);
    if (d.route) {
      if (routes.has(d.route)) throw new Error(`Admin route "${d.route}" is used twice`);
      routes.add(d.route);
    }
  }
  for (const d of defs) if (d.parent && !names.has(d.parent)) throw new Error(`Admin resource "${d.name}" names an unknown parent "${d.parent}"`);
  return defs;
}

export const adminDefinitions: AdminResourceDef[] = sortDefinitions(checkDefinitions(Object.values(files)));

/** A list page: its own, a generated one of its listed fields, or a tab of generated lists. */
const hasList = (d: AdminResourceDef) => Boolean(d.route && (d.pages?.list || d.fields?.some((f) => f.list) || d.tabs?.length));
/** A definition with `form.modal` creates and edits in a dialog over its list: no routes of their own. */
const pageForms = (d: AdminResourceDef) => Boolean(d.fields?.length && !d.form?.modal);
const hasCreate = (d: AdminResourceDef) => Boolean(d.route && (d.pages?.create || (d.actions?.create && pageForms(d))));
const hasEdit = (d: AdminResourceDef) => Boolean(d.route && (d.pages?.edit || (d.actions?.edit && pageForms(d))));
/** Whether a definition has a show view (its own page or the generic one). */
export const hasShow = (d: AdminResourceDef) => Boolean(d.route && (d.pages?.show || d.show));
/** The show view's route below the definition's (show/:id unless the definition says otherwise). */
const showPathOf = (d: AdminResourceDef) => d.show?.path ?? "show/:id";

/**
 * The menu url that guards a definition, as refine's access control reads it: its own, else its
 * resource's from the contract (the page operation's x-permission), else its route.
 */
export function menuUrlOf(def: AdminResourceDef): string | undefined {
  return def.menuUrl ?? resourcePermission(def.name) ?? def.route;
}

/** refine's resource of a definition (paths under /main, the menu url for access control). */
export function toRefineResource(d: AdminResourceDef): ResourceProps {
  const base = d.route ? `${ADMIN_BASE}${d.route}` : undefined;
  return {
    name: d.name,
    list: hasList(d) ? base : undefined,
    create: hasCreate(d) ? `${base}/create` : undefined,
    edit: hasEdit(d) ? `${base}/edit/:id` : undefined,
    show: hasShow(d) ? `${base}/${showPathOf(d)}` : undefined,
    meta: {
      parent: d.parent,
      label: d.label,
      icon: d.icon,
      menuUrl: menuUrlOf(d),
      canDelete: Boolean(d.actions?.delete),
      hide: d.hideInMenu,
    },
  };
}

export const adminRefineResources: ResourceProps[] = adminDefinitions.map(toRefineResource);

/**
 * One page of the shell, keyed by resource and page. React Router renders the element of the new
 * route in the place of the old one, so without a key the generic list of one resource was the
 * same component instance as the next one's: going from 推荐标签 to 应用标签 kept refine's table
 * query and showed the tag rows for a moment with the application tags' columns, whose cell read
 * `labels` of a tag row and threw (issue 18). Its own error boundary keeps a page that throws
 * inside the content area: the side menu and the header stay usable.
 */
function page(key: string, element: ReactNode) {
  return <PageLoadBoundary key={key}>{element}</PageLoadBoundary>;
}

/** The shell's routes of one definition (relative to /main). */
export function routesOf(d: AdminResourceDef) {
  if (!d.route) return null;
  const List = d.pages?.list;
  const Create = d.pages?.create;
  const Edit = d.pages?.edit;
  const Show = d.pages?.show;
  return (
    <Route key={d.name} path={d.route.slice(1)}>
      {hasList(d) && <Route index element={page(`${d.name}:list`, List ? <List /> : d.tabs?.length ? <ResourceTabs def={d} /> : <ResourceList def={d} />)} />}
      {hasCreate(d) && <Route path="create" element={page(`${d.name}:create`, Create ? <Create /> : <ResourceCreate def={d} />)} />}
      {hasEdit(d) && <Route path="edit/:id" element={page(`${d.name}:edit`, Edit ? <Edit /> : <ResourceEdit def={d} />)} />}
      {hasShow(d) && <Route path={showPathOf(d)} element={page(`${d.name}:show`, Show ? <Show /> : <ResourceShow def={d} />)} />}
      {d.routes?.map((r) => <Route key={r.path} path={r.path} element={page(`${d.name}:${r.path}`, r.element)} />)}
    </Route>
  );
}

/** The definition's routes without the shell's chrome (`bareRoutes`), relative to /main. */
export function bareRoutesOf(d: AdminResourceDef) {
  if (!d.route || !d.bareRoutes?.length) return null;
  return (
    <Route key={`${d.name}:bare`} path={d.route.slice(1)}>
      {d.bareRoutes.map((r) => <Route key={r.path} path={r.path} element={page(`${d.name}:${r.path}`, r.element)} />)}
    </Route>
  );
}
