// How an audit record's who and entity read, in the list, the export and the detail drawer.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import type { components } from "../../api/schema";

export type AuditLog = components["schemas"]["AuditLog"];

export const who = (r: AuditLog) => (r.realName ? `${r.realName} (${r.userName})` : r.userName);

/** An entity's name in the page's language; an entity the locale does not know yet, as stored. */
export const entityName = (entity: string, t: TFunction) => t(`admin:audit.entities.${entity}`, { defaultValue: entity });

/** The entities the log holds (GET /sysAuditLog/entities), as the entity filter's options. */
export function useAuditEntities() {
  const { t } = useTranslation("admin");
  const query = usePortalApi().useQuery("get", "/sysAuditLog/entities");
  const entities = query.data?.data ?? [];
  return { options: entities.map((e) => ({ value: e, label: entityName(e, t) })), loading: query.isLoading };
}
