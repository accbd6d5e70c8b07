import { DatabaseOutlined } from "@ant-design/icons";

import type { components } from "../../api/schema";
import { catalogueFields as f, saveBody } from "../apps/catalogueFields";
import { defineAdminResource } from "../crud";

type BscChart = components["schemas"]["BscChart"];

/** The data source as saved: texts trimmed, a blank compatibility range null. */
export const dataSourceBody = (values: Record<string, unknown>) => saveBody(values, { texts: ["name", "url"], optional: ["compatibilityRange"] });

/**
 * Data sources (spec 3, 7.4 bscChart): guarded by the application menu and its buttons (bscChart's
 * menu url in the contract, RESOURCE_PERMISSIONS); a compatibility range instead of keyword,
 * description and picture; changed by the create with the id (the contract has no update); delete
 * asks first (spec 5).
 */
export default defineAdminResource<BscChart>({
  name: "bscChart",
  route: "/applicationManagement/dataSource",
  label: "menu.dataSource",
  icon: <DatabaseOutlined />,
  ns: "adminApps",
  order: 31,
  fields: [f.id, { ...f.name, filter: true }, f.status, f.url, f.userDevice, f.compatibilityRange, f.createTime],
  actions: { create: true, edit: true, delete: true, status: true, export: true },
  form: { modal: true, updateByCreate: true, transform: dataSourceBody },
  texts: {
    title: "titles.bscChart",
    noun: "nouns.bscChart",
    createTitle: "form.createTitle",
    editTitle: "form.editTitle",
    deleteConfirm: "actions.deleteConfirm",
    nameField: "name",
    statusKeys: "adminApps:shelf",
  },
});
