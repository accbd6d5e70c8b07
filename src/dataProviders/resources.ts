// The admin resources the data provider serves: one line each (issue 2, section 3).
import { createRegistry, defineResource } from "./resource";

export const resourceRegistry = createRegistry([
  defineResource("sysRole", {
    page: "/sysRole/page",
    getById: "/sysRole/getById",
    create: "/sysRole",
    update: "/sysRole",
    status: { path: "/sysUserEx/changeRoleStatus", method: "get" },
  }),
  defineResource("sysUser", {
    page: "/sysUserRole/page",
    getById: "/sysUserRole/getById",
    create: "/sysUserRole",
    update: "/sysUserRole",
    removeById: "/sysUserRole",
    status: { path: "/sysUserEx/changeUserStatus", method: "get" },
  }),
  // The audit log (read-only).
  defineResource("sysAudit", { page: "/sysAuditLog/page" }),
  // The menu tree is one call (GET /sysMenu, custom); delete goes through refine's useDelete.
  defineResource("sysMenu", { create: "/sysMenu", update: "/sysMenu", removeById: "/sysMenu" }),
  // Complaints (top-level) and comments (replies) under review; privacy-policy versions.
  defineResource("roastList", { page: "/talkShow/pageTalkShowList", getById: "/talkShow/getById", create: "/talkShow" }),
  defineResource("commentList", { page: "/talkShow/pageTalkShow", getById: "/talkShow/getById", create: "/talkShow" }),
  defineResource("privacyPolicyList", { page: "/bscPrivacyPolicy/page", create: "/bscPrivacyPolicy" }),
  // Policies (/knowledgeIndex): create and update are both POST /bscPolicy (an id updates).
  defineResource("knowledgeIndex", {
    page: "/bscPolicy/page",
    getById: "/bscPolicy/getById",
    create: "/bscPolicy",
    removeById: "/bscPolicy/removeById",
    status: { path: "/bscPolicy/updatePolicyStatus", method: "post" },
  }),
  // Source data (/originDataList): one page per kind; imports go through their own dialog.
  defineResource("sourceEmployee", { page: "/sourceData/employee/page" }),
  defineResource("sourceUpn", { page: "/sourceData/upn/page" }),
  defineResource("sourceNmpa", { page: "/sourceData/nmpa/page" }),
  // Applications, portal applications and data sources (spec 7.4). The contract has no app
  // getById nor a portal-app delete; a data source is changed by POST /bscChart with its id (refine's create).
  defineResource("bscApp", {
    page: "/bscApp/searchList",
    create: "/bscApp",
    update: "/bscApp",
    removeById: "/bscApp/removeById",
    status: { path: "/bscApp/updateAppStatus", method: "put" },
  }),
  defineResource("bscPortalApp", {
    page: "/bscPortalApp/searchList",
    create: "/bscPortalApp",
    update: "/bscPortalApp",
    status: { path: "/bscPortalApp/updateAppStatus", method: "put" },
  }),
  defineResource("bscLabel", { page: "/bscLabel/page", getById: "/bscLabel/getById", create: "/bscLabel", update: "/bscLabel", removeById: "/bscLabel/removeById" }),
  defineResource("bscAppLabel", { page: "/bscLabel/pageAppLabel" }),
  defineResource("bscDeptLabel", { page: "/bscDeptLabel/pageDeptLabel" }),
  defineResource("bscChart", {
    page: "/bscChart/page",
    getById: "/bscChart/getById",
    create: "/bscChart",
    removeById: "/bscChart/removeById",
    status: { path: "/bscChart/updateChartStatus", method: "put" },
  }),
]);
