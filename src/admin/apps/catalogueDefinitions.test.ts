// The three catalogue definitions (issue 22): what they send when saved and searched, and what
// differs between them - tags only for applications, delete not for portal applications, the data
// source changed by its create.
import { describe, expect, it } from "vitest";

import { filtersOf, type AdminResourceDef } from "../crud";
import { toRefineResource } from "../crud/registry";
import applications, { applicationBody } from "../resources/applicationManagement";
import dataSources, { dataSourceBody } from "../resources/dataSource";
import portalApps, { portalAppBody } from "../resources/outAppList";
import { ADDRESS } from "./catalogueFields";

const formFields = (def: AdminResourceDef) => (def.fields ?? []).filter((f) => f.form).map((f) => f.name);

describe("catalogue save bodies", () => {
  it("trims the texts, turns blank optional ones into null and sends an application's tags (none: an empty list)", () => {
    const values = { name: "  CRM ", url: " https://crm.example.com ", keyword: " crm ", description: "  ", image: "", userDevice: "pc", labelIds: [3, 4] };
    expect(applicationBody(values)).toEqual({
      name: "CRM",
      url: "https://crm.example.com",
      keyword: "crm",
      description: null,
      image: null,
      userDevice: "pc",
      labelIds: [3, 4],
    });
    expect(applicationBody({ ...values, labelIds: undefined })).toMatchObject({ labelIds: [] });
    const { labelIds: _, ...portal } = values;
    expect(portalAppBody(portal)).toEqual({ name: "CRM", url: "https://crm.example.com", keyword: "crm", description: null, image: null, userDevice: "pc" });
    expect(dataSourceBody({ name: "  BI ", url: " https://bi.example.com ", userDevice: "all", compatibilityRange: " Chrome 90+ " })).toEqual({
      name: "BI",
      url: "https://bi.example.com",
      userDevice: "all",
      compatibilityRange: "Chrome 90+",
    });
    expect(dataSourceBody({ name: "BI", url: "/bi", userDevice: "all", compatibilityRange: " " })).toMatchObject({ compatibilityRange: null });
  });

  it("accepts the addresses the server accepts", () => {
    expect(["https://a.example", "http://a", "/app-icons/1.svg"].every((a) => ADDRESS.test(a))).toBe(true);
    expect(["a.example", "javascript:alert(1)", "ftp://x", "data:image/png;base64,AA"].some((a) => ADDRESS.test(a))).toBe(false);
  });
});

describe("catalogue definitions", () => {
  it("send the search form as page filters: name by part, the choices exactly, blanks not at all", () => {
    expect(filtersOf(applications, { name: "  crm ", status: 0, userDevice: undefined, labelId: 5 })).toEqual([
      { field: "name", operator: "contains", value: "crm" },
      { field: "status", operator: "eq", value: 0 },
      { field: "userDevice", operator: "eq", value: undefined },
      { field: "labelId", operator: "eq", value: 5 },
    ]);
    expect(filtersOf(applications, { name: "   " })[0].value).toBeUndefined();
    // Portal applications and data sources have no tag search.
    expect(filtersOf(portalApps, {}).map((f) => ("field" in f ? f.field : ""))).toEqual(["name", "status", "userDevice"]);
    expect(filtersOf(dataSources, {}).map((f) => ("field" in f ? f.field : ""))).toEqual(["name", "status", "userDevice"]);
  });

  it("edit in a dialog the fields each catalogue has: tags only for applications", () => {
    expect(formFields(applications)).toEqual(["name", "keyword", "url", "userDevice", "image", "description", "labelIds"]);
    expect(formFields(portalApps)).toEqual(["name", "keyword", "url", "userDevice", "image", "description"]);
    expect(formFields(dataSources)).toEqual(["name", "url", "userDevice", "compatibilityRange"]);
    for (const def of [applications, portalApps, dataSources] as AdminResourceDef[]) {
      expect(def.form?.modal).toBe(true);
      // A dialog, not pages: refine gets no create or edit route to navigate to.
      expect(toRefineResource(def)).toMatchObject({ create: undefined, edit: undefined });
    }
  });

  it("delete applications and data sources after their own confirmation; portal applications have no delete", () => {
    expect(applications.actions?.delete).toBe(true);
    expect(applications.texts?.deleteConfirm).toBe("actions.deleteAppConfirm");
    expect(dataSources.actions?.delete).toBe(true);
    expect(dataSources.texts?.deleteConfirm).toBe("actions.deleteConfirm");
    expect(portalApps.actions?.delete).toBeFalsy();
    expect(toRefineResource(portalApps).meta?.canDelete).toBe(false);
  });

  it("change a data source by its create with the id (the contract has no update for it)", () => {
    expect(dataSources.form?.updateByCreate).toBe(true);
    expect(applications.form?.updateByCreate).toBeFalsy();
    expect(portalApps.form?.updateByCreate).toBeFalsy();
  });
});
