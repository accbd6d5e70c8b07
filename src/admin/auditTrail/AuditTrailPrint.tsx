// The audit trail's print view (issue 24): the entries of the list's filters (from the address),
// oldest first, as a plain document without the shell's side menu and header, which the inspector
// prints to PDF. The filters are printed at the top; each entry keeps together on a page with its
// record before and after; a cut list (over the server's cap) says so.
import { PrinterOutlined, ArrowLeftOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Alert, Button, Result, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";

import { usePortalApi } from "../../api/ClientProvider";
import styles from "./auditTrail.module.css";
import { EntryDetail } from "./EntryDetail";
import { filterFromParams, paramsOfFilter } from "./filters";
import { actionWord, NS, recordTypeWord } from "./words";

const pad = (n: number) => String(n).padStart(2, "0");
const now = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function AuditTrailPrint() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filter = filterFromParams(params);
  const { data: identity } = useGetIdentity<{ realName?: string; userName?: string }>();
  const who = identity?.realName ?? identity?.userName ?? "";
  const query = usePortalApi().useQuery("post", "/auditTrail/print", { body: filter });
  const data = query.data?.data;

  const filterRows: [string, string][] = [
    ...(filter.recordType || filter.recordId
      ? [[t("columns.record"), `${filter.recordType ? recordTypeWord(t, filter.recordType) : ""} ${filter.recordId ?? ""}`.trim()] as [string, string]]
      : []),
    ...(filter.actorName ? [[t("filters.person"), filter.actorName] as [string, string]] : []),
    ...(filter.from || filter.to
      ? [[t("filters.period"), t("print.period", { from: filter.from ?? t("print.open"), to: filter.to ?? t("print.open") })] as [string, string]]
      : []),
    ...(filter.action ? [[t("filters.action"), actionWord(t, filter.action)] as [string, string]] : []),
  ];

  return (
    <main className={styles.printPage} data-testid="audit-trail-print-view">
      <div className={styles.printBar}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate({ pathname: "..", search: paramsOfFilter(filter).toString() }, { relative: "path" })}>
          {t("print.back")}
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!data} data-testid="audit-trail-print-now">
          {t("print.print")}
        </Button>
      </div>
      <header className={styles.printHeader}>
        <h1>{t("print.title")}</h1>
        <table className={styles.printFilters}>
          <caption style={{ textAlign: "left", fontWeight: 600 }}>{t("print.filters")}</caption>
          <tbody>
            {filterRows.length === 0 ? (
              <tr>
                <td>{t("print.noFilters")}</td>
              </tr>
            ) : (
              filterRows.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{v}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <p>{t("print.generated", { at: now(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone, who })}</p>
        {data && <p>{t("print.count", { shown: data.records.length, total: data.total })}</p>}
        {data && data.total > data.records.length && <Alert type="warning" showIcon message={t("print.truncated", { cap: data.cap, total: data.total })} />}
      </header>
      {query.isPending && <Spin tip={t("print.loading")}><div style={{ height: 80 }} /></Spin>}
      {query.isError && <Result status="warning" title={t("error")} extra={<Button onClick={() => void query.refetch()}>{t("retry")}</Button>} />}
      {data && data.records.length === 0 && <p>{t("empty")}</p>}
      {data?.records.map((e) => (
        <article key={e.seq} className={styles.printEntry} data-testid="audit-trail-print-entry">
          <h2>
            #{e.seq} · {e.at} ({e.timeZone}) · {actionWord(t, e.action)} · {recordTypeWord(t, e.recordType)} {e.recordId}
          </h2>
          <div>
            {t("columns.person")}: {e.actorId === null ? `${e.actorName} (${t("entry.db")})` : e.actorName}
            {e.operation ? ` · ${t("columns.operation")}: ${e.operation}` : ""}
            {e.reason ? ` · ${t("columns.reason")}: ${e.reason}` : ""}
          </div>
          <EntryDetail entry={e} hashes />
        </article>
      ))}
    </main>
  );
}
