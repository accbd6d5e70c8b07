// The tag screens' calls that are not refine's generic page/getById/create/update/delete
// (contract openapi/paths/tags.yaml): enable/disable, and the tag sets of applications and
// departments. Through the portal client (session headers, spec 8 error messages).
import type { components } from "../../api/schema";
import { unwrap } from "../../api/client";
import { portalClient } from "../../authProvider";

export type BscLabel = components["schemas"]["BscLabel"];
export type LabelBrief = components["schemas"]["BscLabelBrief"];
export type AppLabel = components["schemas"]["AppLabel"];
export type DeptLabel = components["schemas"]["DeptLabel"];

/** At most 8 tags per application and per department (spec 5, spec 9). */
export const MAX_TAGS = 8;

export const saveTagStatus = (id: number, status: 0 | 1) => unwrap(portalClient.PUT("/bscLabel/saveBatchById", { body: [{ id, status }] }));
export const saveAppTags = (appId: number, labelIds: number[]) => unwrap(portalClient.POST("/bscLabel/saveAppLabel", { body: { appId, labelIds } }));
export const removeAppTag = (appId: number, labelId?: number) =>
  unwrap(portalClient.DELETE("/bscLabel/removeAppLabelById", { params: { query: labelId === undefined ? { appId } : { appId, labelId } } }));
export const saveDeptTags = (deptId: number, labelIds: number[]) => unwrap(portalClient.PUT("/bscDeptLabel/saveDeptLabelList", { body: { deptId, labelIds } }));
