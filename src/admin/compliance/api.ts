// The campaign screens' calls (issue 24, tag compliance) and the pickers' sources. The client is a
// parameter (tests hand in one with an injected fetch); failures show the portal toast and reject.
import type { components } from "../../api/schema";
import { unwrap, type PortalClient } from "../../api/client";
import { exportFile } from "../../api/download";
import { buttonKey } from "../../../common/buttonKeys";

export type CampaignSummary = components["schemas"]["CampaignSummary"];
export type Campaign = components["schemas"]["CampaignOk"]["data"];
export type CampaignCreate = components["schemas"]["CampaignCreate"];
export type CampaignProgress = components["schemas"]["CampaignProgressOk"]["data"];
export type CampaignPerson = components["schemas"]["CampaignPerson"];
export type CampaignPeopleQuery = components["schemas"]["CampaignPeopleQuery"];
export type CampaignPeoplePage = components["schemas"]["CampaignPeoplePageOk"]["data"];
export type CampaignState = components["schemas"]["CampaignState"];
export type CampaignFigures = components["schemas"]["CampaignFigures"];

/** The campaign menu (the contract's x-permission of the campaign operations) and its two buttons. */
export const CAMPAIGN_MENU = "/compliance/campaign";
export const CAMPAIGN_ADD = buttonKey(CAMPAIGN_MENU, "add");
export const CAMPAIGN_EDIT = buttonKey(CAMPAIGN_MENU, "edit");
/** The admin route of the list (under /main). */
export const CAMPAIGN_ROUTE = "/compliance/campaign";
export const campaignShowPath = (id: number) => `/main${CAMPAIGN_ROUTE}/show/${id}`;

export const getCampaign = (id: number, client: PortalClient) => unwrap(client.GET("/compliance/campaign", { params: { query: { id } } }));
export const getProgress = (id: number, client: PortalClient) => unwrap(client.GET("/compliance/campaign/progress", { params: { query: { id } } }));
export const peoplePage = (query: CampaignPeopleQuery, client: PortalClient) => unwrap(client.POST("/compliance/campaign/people/page", { body: query }));
export const createCampaign = (body: CampaignCreate, client: PortalClient) => unwrap(client.POST("/compliance/campaign", { body }));
export const remindCampaign = (id: number, client: PortalClient) => unwrap(client.POST("/compliance/campaign/remind", { body: { id } }));
export const closeCampaign = (campaign: Pick<Campaign, "id" | "version">, reason: string, client: PortalClient) =>
  unwrap(client.PUT("/compliance/campaign/close", { body: { id: campaign.id, version: campaign.version, reason } }));
export const restartCampaign = (campaign: Pick<Campaign, "id" | "version">, reason: string, client: PortalClient) =>
  unwrap(client.POST("/compliance/campaign/restart", { body: { id: campaign.id, version: campaign.version, reason } }));
export const exportCampaign = (campaign: Pick<Campaign, "id" | "title">, client: PortalClient) =>
  exportFile(client, "/compliance/campaign/export", { id: campaign.id }, `${campaign.title}.xlsx`);

// The pickers' sources (the ones the knowledge index and the user screens already read).
/** Published policies: approved (status 4, the state whose versions are frozen), matching part of the title. */
export const publishedPolicies = (title: string, client: PortalClient) =>
  unwrap(client.POST("/bscPolicy/page", { body: { status: 4, title: title || undefined, page: 1, pageSize: 50, sortField: "title", sortOrder: "asc" } }));
export const listDepts = (client: PortalClient) => unwrap(client.POST("/sysDeptInfo/list", { body: {} }));
export const listRoles = (client: PortalClient) => unwrap(client.GET("/sysRole"));
/** Enabled users matching part of the account or real name. */
export const searchUsers = (userName: string, client: PortalClient) =>
  unwrap(client.POST("/sysUserRole/page", { body: { userName: userName || undefined, status: 1, page: 1, pageSize: 20 } }));
