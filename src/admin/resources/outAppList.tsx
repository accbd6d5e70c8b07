import { GlobalOutlined } from "@ant-design/icons";

import type { components } from "../../api/schema";
import { catalogueFields as f, saveBody } from "../apps/catalogueFields";
import { defineAdminResource } from "../crud";

type BscPortalApp = components["schemas"]["BscPortalApp"];

/** The portal application as saved: texts trimmed, blank optional ones null (it has no tags). */
export const portalAppBody = (values: Record<string, unknown>) => saveBody(values, { texts: ["name", "keyword", "url"], optional: ["description", "image"] });

/**
 * Portal (outside) applications (spec 2.3 /outAppList, bscPortalApp; shown on /portal while on
 * the shelf): as the applications, without tags and without delete (the contract has none).
 */
export default defineAdminResource<BscPortalApp>({
  name: "bscPortalApp",
  route: "/outAppList",
  label: "menu.outAppList",
  icon: <GlobalOutlined />,
  ns: "adminApps",
  order: 32,
  fields: [
    f.id,
    f.imageCell,
    { name: "name", label: "filters.name", filter: true },
    f.name,
    f.keyword,
    f.status,
    f.url,
    f.userDevice,
    f.image,
    f.description,
    f.createTime,
  ],
  actions: { create: true, edit: true, status: true, export: true },
  form: { modal: true, transform: portalAppBody },
  texts: {
    title: "titles.bscPortalApp",
    noun: "nouns.bscPortalApp",
    createTitle: "form.createTitle",
    editTitle: "form.editTitle",
    nameField: "name",
    statusKeys: "adminApps:shelf",
  },
});
