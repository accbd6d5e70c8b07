import { AppstoreOutlined } from "@ant-design/icons";

import type { components } from "../../api/schema";
import { catalogueFields as f, saveBody } from "../apps/catalogueFields";
import { defineAdminResource } from "../crud";

type BscApp = components["schemas"]["BscApp"];

/** The application as saved: texts trimmed, blank optional ones null, no tags an empty list. */
export const applicationBody = (values: Record<string, unknown>) =>
  saveBody(values, { texts: ["name", "keyword", "url"], optional: ["description", "image"], defaults: { labelIds: [] } });

/**
 * Applications (spec 2.3 /applicationManagement, bscApp): search by name or keyword, shelf, device
 * and tag; create and edit in a dialog (no getById: the edit starts from the row), on/off shelf,
 * tags (at most 8), delete after spec 5's confirmation, Excel export.
 */
export default defineAdminResource<BscApp>({
  name: "bscApp",
  route: "/applicationManagement",
  label: "menu.applicationManagement",
  icon: <AppstoreOutlined />,
  ns: "adminApps",
  order: 30,
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
    f.labelIds,
    f.labelId,
    f.createTime,
  ],
  actions: { create: true, edit: true, delete: true, status: true, export: true },
  form: { modal: true, transform: applicationBody },
  texts: {
    title: "titles.bscApp",
    noun: "nouns.bscApp",
    createTitle: "form.createTitle",
    editTitle: "form.editTitle",
    deleteConfirm: "actions.deleteAppConfirm",
    nameField: "name",
    statusKeys: "adminApps:shelf",
  },
});
