// The bell's calls (issue 23, contract openapi/paths/notifications.yaml). The count is quiet (a
// badge that cannot refresh keeps its last figure); the list and the marks say why they failed.
import type { components } from "../../api/schema";
import { SILENT, unwrap, type PortalClient } from "../../api/client";

export type Notification = components["schemas"]["Notification"];
export type NotificationPage = components["schemas"]["NotificationPageOk"]["data"];

/** The drawer's page size: a day's news in one screen, more on demand. */
export const NOTIFICATION_PAGE_SIZE = 20;

export const fetchUnreadCount = (client: PortalClient): Promise<number> => unwrap(client.GET("/notification/unreadCount", { headers: SILENT }));

export const fetchNotifications = (client: PortalClient, page: number): Promise<NotificationPage> =>
  unwrap(client.POST("/notification/page", { body: { page, pageSize: NOTIFICATION_PAGE_SIZE, unreadOnly: false } }));

export const markRead = (client: PortalClient, id: number) => unwrap(client.PUT("/notification/read", { body: { id } }));

export const markAllRead = (client: PortalClient): Promise<number> => unwrap(client.PUT("/notification/readAll"));
