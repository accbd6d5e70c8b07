// The audit trail's verification banner (issue 24): runs verifyAuditTrail when the screen opens
// and on "Verify again", and says "intact up to entry N" or the first broken entry and why.
import { Alert, Button } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { bannerOf } from "./banner";
import { NS, reasonWord } from "./words";

export function VerifyBanner() {
  const { t } = useTranslation(NS);
  // Never cached across visits: a verification is only worth its time of checking.
  const query = usePortalApi().useQuery("get", "/auditTrail/verify", {}, { staleTime: 0, gcTime: 0, retry: false });
  const recheck = (
    <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching} data-testid="audit-trail-recheck">
      {t("banner.recheck")}
    </Button>
  );
  if (query.isPending) return <Alert type="info" showIcon message={t("banner.checking")} role="status" data-testid="audit-trail-banner" />;
  const v = query.data?.data;
  if (query.isError || !v)
    return <Alert type="warning" showIcon message={t("banner.failed")} action={recheck} role="alert" data-testid="audit-trail-banner" />;
  const state = bannerOf(v, (r) => reasonWord(t, r));
  return (
    <Alert
      type={state.type}
      showIcon
      role={state.type === "error" ? "alert" : "status"}
      data-testid="audit-trail-banner"
      data-state={state.key}
      message={t(state.key, state.values)}
      description={t("banner.checkedAt", { at: v.verifiedAt, zone: v.timeZone, checked: v.checked, last: v.lastSeq })}
      action={recheck}
    />
  );
}
