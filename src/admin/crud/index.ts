export { defineAdminResource } from "./types";
export type { AdminResourceDef, FieldDef, FieldKind, Option } from "./types";
export { ResourceList, filtersOf } from "./ResourceList";
export { ResourceCreate, ResourceEdit } from "./ResourceForm";
export { ExportButton, buildWorkbook, EXPORT_MAX_ROWS, type ExportColumn } from "./ExportButton";
export { StaleRecordAlert } from "./StaleRecordAlert";
export { useStaleRecord } from "./useStaleRecord";
export { useVersionedForm } from "./useVersionedForm";
export { ResourceShow, FieldDescriptions } from "./ResourceShow";
