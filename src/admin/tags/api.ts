// The tag screens' calls that are not refine's generic page/getById/create/update/delete
// (contract openapi/paths/tags.yaml): enable/disable, and the tag sets of applications and
// departments. Through the portal client (session headers, spec 8 error messages).
import type { components } from "../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../api/client";

export type BscLabel = components["schemas"]["BscLabel"];
export type LabelBrief = components["schemas"]["BscLabelBrief"];
export type AppLabel = components["schemas"]["AppLabel"];
export type DeptLabel = components["schemas"]["DeptLabel"];

/** At most 8 tags per application and per department (spec 5, spec 9). */
export const MAX_TAGS = 8;

export const saveTagStatus = (client: PortalClient, id: number, status: 0 | 1) => unwrap(client.PUT("/bscLabel/saveBatchById", { body: [{ id, status }] }));
/**
 * Replaces an application's tags, from the version its row was read with (409 code 4090 when it
 * changed since, issue 20). Silent: the picker tells a stale save by its reload offer, others by a toast.
 */
export const saveAppTags = (client: PortalClient, appId: number, labelIds: number[], version: number) =>
  unwrap(client.POST("/bscLabel/saveAppLabel", { body: { appId, labelIds, version }, headers: SILENT }));
export const removeAppTag = (client: PortalClient, appId: number, labelId?: number) =>
  unwrap(client.DELETE("/bscLabel/removeAppLabelById", { params: { query: labelId === undefined ? { appId } : { appId, labelId } } }));
/** Replaces a department's recommended tags, from the version its row was read with (as saveAppTags). */
export const saveDeptTags = (client: PortalClient, deptId: number, labelIds: number[], version: number) =>
  unwrap(client.PUT("/bscDeptLabel/saveDeptLabelList", { body: { deptId, labelIds, version }, headers: SILENT }));
