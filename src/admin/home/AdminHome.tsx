// The admin landing page (spec 2.3 /home, hidden): what waits for an administrator - complaints
// and comments to review, policies in draft, disabled users - each linking to its list already
// filtered, and a chart of complaints per day or week (GET /adminHome/stats).
import { useCallback, useEffect, useState } from "react";
import { stringifyTableParams } from "@refinedev/core";
import { Alert, Button, Card, Col, Row, Segmented, Skeleton, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { components } from "../../api/schema";
import { unwrap } from "../../api/client";
import { TrendChart } from "./TrendChart";
import { VisuallyHidden } from "../../shared/VisuallyHidden";
import { usePortalClient } from "../../api/ClientProvider";
import { useLiveEvents } from "../../live/LiveProvider";

type Stats = components["schemas"]["AdminHomeStats"];
type CountKey = "complaintsPending" | "repliesPending" | "policiesDraft" | "usersDisabled";

/** A list under /main with one equality filter, in refine's synced-address form. */
const listWith = (route: string, field: string, value: number) =>
  `/main${route}?${stringifyTableParams({ sorters: [], filters: [{ field, operator: "eq", value }] })}`;

/** Each count and the list it opens (filtered to what it counts). */
export const HOME_COUNTS: { key: CountKey; to: string }[] = [
  { key: "complaintsPending", to: listWith("/roastList", "reviewStatus", 0) },
  { key: "repliesPending", to: listWith("/commentList", "reviewStatus", 0) },
  { key: "policiesDraft", to: listWith("/knowledgeIndex", "status", 0) },
  { key: "usersDisabled", to: listWith("/sys/user", "status", 0) },
];

export default function AdminHome() {
  const client = usePortalClient();
  const { t } = useTranslation("adminData");
  const [unit, setUnit] = useState<"day" | "week">("day");
  const [stats, setStats] = useState<Stats | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    let live = true;
    setFailed(false);
    unwrap(client.GET("/adminHome/stats", { params: { query: { unit } } }))
      .then((data) => live && setStats(data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [unit, client]);
  useEffect(load, [load]);

  // Issue 23: a complaint or reply submitted or decided anywhere moves the waiting figures at once;
  // while the stream cannot be held, the 60 s poll reads them again.
  useLiveEvents((event) => {
    if (event.type === "counts" && event.kind === "moderationCounts") {
      const { complaintsPending, repliesPending } = event.counts;
      setStats((shown) =>
        shown && {
          ...shown,
          ...(typeof complaintsPending === "number" ? { complaintsPending } : {}),
          ...(typeof repliesPending === "number" ? { repliesPending } : {}),
        },
      );
    } else if (event.type === "resync") load();
  });

  return (
    <div style={{ padding: 4 }}>
      <h2 style={{ marginTop: 0 }}>{t("home.waiting")}</h2>
      {failed && (
        <Alert type="error" showIcon message={t("home.loadFailed")} action={<Button onClick={load}>{t("home.retry")}</Button>} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        {HOME_COUNTS.map(({ key, to }) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            {/* Named by what it shows, the count's title and figure (WCAG 2.5.3), then where it goes. */}
            <Link to={to} data-testid={`home-count-${key}`}>
              <Card hoverable>
                {stats ? <Statistic title={t(`home.${key}`)} value={stats[key]} /> : <Skeleton active paragraph={false} />}
                <VisuallyHidden>{t("home.open")}</VisuallyHidden>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Card
        style={{ marginTop: 16 }}
        title={t("home.trend")}
        extra={
          <Segmented
            value={unit}
            onChange={(v) => setUnit(v as "day" | "week")}
            options={[
              { value: "day", label: t("home.byDay") },
              { value: "week", label: t("home.byWeek") },
            ]}
          />
        }
      >
        {stats && stats.unit === unit ? <TrendChart points={stats.complaintTrend} unit={unit} /> : <Skeleton active />}
      </Card>
    </div>
  );
}
