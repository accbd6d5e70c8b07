import { defineAdminResource } from "../crud";
import type { DeptLabel } from "../tags/api";
import { TagFilter } from "../tags/TagFilter";
import { TagLinksCell } from "../tags/TagLinksCell";

/**
 * Recommended tags of departments (spec 2.3 /tagManamentList/BUApplicationTagsList, 3, 7.3
 * pageDeptLabel, saveDeptLabelList): every department with the tags the help centre recommends to
 * its members; choose at most 8.
 */
export default defineAdminResource<DeptLabel>({
  name: "bscDeptLabel",
  route: "/tagManamentList/BUApplicationTagsList",
  menuUrl: "/tagManamentList/BUApplicationTagsList",
  parent: "tagManamentList",
  label: "menu.BUApplicationTagsList",
  ns: "adminTags",
  order: 3,
  actions: { export: true },
  texts: { nameField: "deptName" },
  fields: [
    { name: "deptName", label: "fields.deptName", list: { sorter: true }, filter: true },
    { name: "parentName", label: "fields.parentName", list: true },
    { name: "labelId", label: "fields.labelId", kind: "select", filter: { input: <TagFilter /> }, export: false },
    {
      name: "labels",
      label: "fields.recommendedLabels",
      list: { render: (_: unknown, r: DeptLabel) => <TagLinksCell owner="dept" id={r.deptId} name={r.deptName} labels={r.labels} version={r.version} /> },
      export: false,
    },
  ],
});
