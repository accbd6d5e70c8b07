import { defineAdminResource } from "../crud";
import type { AppLabel } from "../tags/api";
import { TagFilter } from "../tags/TagFilter";
import { TagLinksCell } from "../tags/TagLinksCell";

/**
 * Application tags (spec 2.3 /tagManamentList/applicationTagsList, 7.3 pageAppLabel, saveAppLabel,
 * removeAppLabelById): every application with its tags; edit an application's tags (at most 8),
 * remove one tag or all of them (confirmed).
 */
export default defineAdminResource<AppLabel>({
  name: "bscAppLabel",
  route: "/tagManamentList/applicationTagsList",
  menuUrl: "/tagManamentList/applicationTagsList",
  parent: "tagManamentList",
  label: "menu.applicationTagsList",
  ns: "adminTags",
  order: 2,
  actions: { export: true },
  texts: { nameField: "appName" },
  fields: [
    { name: "appName", label: "fields.appName", list: { sorter: true }, filter: true },
    { name: "labelId", label: "fields.labelId", kind: "select", filter: { input: <TagFilter /> }, export: false },
    {
      name: "labels",
      label: "fields.labels",
      list: { render: (_: unknown, r: AppLabel) => <TagLinksCell owner="app" id={r.appId} name={r.appName} labels={r.labels} version={r.version} /> },
      export: false,
    },
  ],
});
