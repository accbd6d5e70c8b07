// The registry turns definitions into refine resources and refuses inconsistent ones; the list's
// search form becomes the page request's filters; the export writes what it is given.
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";

import { buildWorkbook } from "./ExportButton";
import { RESOURCE_PERMISSIONS } from "../../../common/generated/resources";
import { isResourceName, resourcePermission } from "../../dataProviders/resources";
import { adminDefinitions, checkDefinitions, menuUrlOf, sortDefinitions, toRefineResource } from "./registry";
import { filtersOf } from "./ResourceList";
import { defineAdminResource, type AdminResourceDef } from "./types";

const app = defineAdminResource({
  name: "bscApp",
  route: "/applicationManagement",
  label: "menu.applicationManagement",
  ns: "adminApps",
  fields: [
    { name: "name", label: "fields.name", list: true, filter: true, form: { required: true } },
    { name: "status", label: "fields.status", kind: "status", list: true, filter: true },
    { name: "userDevice", label: "fields.userDevice", kind: "select", filter: true },
  ],
  actions: { create: true, edit: true, status: true },
});

describe("the admin resource registry", () => {
  it("gives refine the routes under /main and the menu url that guards them", () => {
    expect(toRefineResource(app)).toMatchObject({
      name: "bscApp",
      list: "/main/applicationManagement",
      create: "/main/applicationManagement/create",
      edit: "/main/applicationManagement/edit/:id",
      show: undefined,
      meta: { label: "menu.applicationManagement", menuUrl: "/applicationManagement", canDelete: false },
    });
    // A group has no pages; a definition without generic actions or own pages gets no create/edit.
    expect(toRefineResource({ name: "sys", label: "menu.sys", menuUrl: "/sys" })).toMatchObject({ list: undefined, create: undefined });
    expect(toRefineResource({ ...app, actions: {} })).toMatchObject({ create: undefined, edit: undefined });
  });

  it("routes a detail view at its own path without a list, and a screen of tabs at its list route", () => {
    const detail: AdminResourceDef = {
      name: "firstRoast",
      route: "/firstRoast",
      label: "menu.roastList",
      fields: [{ name: "content", label: "fields.content", show: true }],
      show: { path: ":id", resource: "roastList" },
    };
    // Fields only shown make no list page: /main/firstRoast stays a screen without an index.
    expect(toRefineResource(detail)).toMatchObject({ list: undefined, show: "/main/firstRoast/:id" });
    expect(toRefineResource({ ...detail, show: {} }).show).toBe("/main/firstRoast/show/:id");
    const tabs: AdminResourceDef = { name: "originDataList", route: "/originDataList", label: "menu.originDataList", tabs: [{ ...app, route: undefined }] };
    expect(toRefineResource(tabs)).toMatchObject({ list: "/main/originDataList", show: undefined });
  });

  it("guards a resource by its menu url from the contract unless the definition names its own", () => {
    // The data sources live under /applicationManagement/dataSource; the contract's bscChart page
    // needs the /applicationManagement menu (x-permission), which the definition no longer repeats.
    const charts: AdminResourceDef = { name: "bscChart", route: "/applicationManagement/dataSource", label: "menu.dataSource" };
    expect(toRefineResource(charts).meta?.menuUrl).toBe(RESOURCE_PERMISSIONS.bscChart);
    expect(RESOURCE_PERMISSIONS.bscChart).toBe("/applicationManagement");
    // An own menuUrl wins (a tag list guarded by its own menu); a screen that is no resource: its route.
    expect(menuUrlOf({ ...charts, menuUrl: "/elsewhere" })).toBe("/elsewhere");
    expect(menuUrlOf({ name: "home", route: "/home", label: "menu.home" })).toBe("/home");
  });

  it("no definition repeats the menu url its resource has in the contract", () => {
    const repeating = adminDefinitions.filter((d) => d.menuUrl !== undefined && d.menuUrl === resourcePermission(d.name)).map((d) => d.name);
    expect(repeating).toEqual([]);
  });

  it("names every resource the data provider serves by a mark of the contract", () => {
    // A generated list (also one in a tab) calls the data provider with its name, a generated show
    // view with its show.resource or its name: each must be a resource.
    const lists = adminDefinitions.flatMap((d) => [d, ...(d.tabs ?? [])]).filter((d) => d.fields?.some((f) => f.list));
    const shows = adminDefinitions.filter((d) => d.show && !d.pages?.show);
    const generic = [...lists.map((d) => d.name), ...shows.map((d) => d.show?.resource ?? d.name)];
    expect(generic.filter((name) => !isResourceName(name))).toEqual([]);
    expect(generic.length).toBeGreaterThan(0);
  });

  it("refuses a name or route used twice and an unknown parent", () => {
    const other: AdminResourceDef = { ...app, name: "bscPortalApp" };
    expect(() => checkDefinitions([app, { ...app }])).toThrow(/defined twice/);
    expect(() => checkDefinitions([app, other])).toThrow(/used twice/);
    expect(() => checkDefinitions([{ ...app, parent: "sys" }])).toThrow(/unknown parent/);
  });

  it("orders siblings by order, then by name, and keeps a group's members after it", () => {
    const defs = sortDefinitions([{ ...app, name: "bscChart", order: 2 }, { ...app, name: "sysRole", order: 1 }, { ...app, name: "bscApp", order: 2 }]);
    expect(defs.map((d) => d.name)).toEqual(["sysRole", "bscApp", "bscChart"]);
    const tree = sortDefinitions([
      { name: "policy", label: "l", order: 30 },
      { name: "sysRole", label: "m", parent: "sys", order: 1 },
      { name: "sys", label: "g", order: 20 },
      { name: "home", label: "f", order: 10 },
      { name: "sysUser", label: "m", parent: "sys", order: 0 },
    ]);
    expect(tree.map((d) => d.name)).toEqual(["home", "sys", "sysUser", "sysRole", "policy"]);
  });

  it("holds the users and roles of the admin shell under System", () => {
    const names = adminDefinitions.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(["sys", "sysUser", "sysRole"]));
    expect(adminDefinitions.find((d) => d.name === "sysUser")).toMatchObject({ parent: "sys", route: "/sys/user" });
  });

  it("sends text filters as contains, choices as equals, and blank text as no filter", () => {
    expect(filtersOf(app, { name: "  crm ", status: 0, userDevice: "pc" })).toEqual([
      { field: "name", operator: "contains", value: "crm" },
      { field: "status", operator: "eq", value: 0 },
      { field: "userDevice", operator: "eq", value: "pc" },
    ]);
    expect(filtersOf(app, { name: "   " })[0].value).toBeUndefined();
  });
});

describe("the Excel export", () => {
  it("writes a bold header and one row per record, as the columns show them", async () => {
    const bytes = await buildWorkbook(
      [
        { key: "name", title: "Name" },
        { key: "status", title: "Status", text: (r) => (r.status === 1 ? "On shelf" : "Off shelf") },
        { key: "tags", title: "Tags" },
      ],
      [
        { name: "CRM", status: 1, tags: null },
        { name: "报销", status: 0, tags: ["a"] },
      ],
      "Applications",
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.getWorksheet("Applications")!;
    expect(ws.getRow(1).values).toEqual([undefined, "Name", "Status", "Tags"]);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getRow(2).values).toEqual([undefined, "CRM", "On shelf", ""]);
    expect(ws.getRow(3).values).toEqual([undefined, "报销", "Off shelf", '["a"]']);
    expect(ws.rowCount).toBe(3);
  });
});
