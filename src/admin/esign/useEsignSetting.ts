// Whether an admin action needs an electronic signature (issue 24, GET /esign/settings), and the
// meaning it is signed with. The server decides in the action's transaction; this only tells the
// screen to open the signature dialog first (a stale answer costs a 403 4031 and a retry).
import { usePortalApi } from "../../api/ClientProvider";
import type { components } from "../../api/schema";

export type EsignAction = components["schemas"]["EsignAction"];
export type EsignSetting = components["schemas"]["EsignSetting"];

export function useEsignSetting(action: EsignAction): EsignSetting | undefined {
  const query = usePortalApi().useQuery("get", "/esign/settings", {}, { staleTime: 0 });
  return query.data?.data.find((s) => s.action === action);
}
