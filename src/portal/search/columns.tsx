// The columns of each result kind (spec 3 fields). Opening: a policy is a link to its help-centre
// detail, an app and a task open their address in a new tab (http(s) only, spec: links.ts), an
// employee, UPN or certificate opens the detail drawer from a button (reachable by keyboard).
import type { ReactNode } from "react";
import { Button, Tooltip, type TableColumnsType } from "antd";
import { AppstoreOutlined } from "@ant-design/icons";
import type { TFunction } from "i18next";
import { Link } from "react-router";

import { safeHref } from "../../shared/links";
import { Highlight, dash } from "./Highlight";
import type { AnyRecord, Kind, KindRecords, SearchTaskRow } from "./kinds";
import styles from "./search.module.css";

export type DetailKind = "employee" | "upn" | "nmpa";
export type OpenRecord = (kind: DetailKind, record: AnyRecord) => void;

/** The help-centre detail of a policy (spec 2.2 /helpDetail). */
export const policyPath = (id: number) => `/main/helpDetail?${new URLSearchParams({ id: String(id) }).toString()}`;

/** An address opened in a new tab, or the plain text with a note when the address is missing or unsafe. */
function NewTab({ href, note, children }: { href: string | null; note: string; children: ReactNode }) {
  if (!href)
    return (
      <Tooltip title={note}>
        <span>{children}</span>
      </Tooltip>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function OpenButton({ label, onOpen, children }: { label: string; onOpen: () => void; children: ReactNode }) {
  return (
    <Button type="link" className={styles.openButton} aria-label={label} onClick={onOpen}>
      {children}
    </Button>
  );
}

type Columns<K extends Kind> = TableColumnsType<KindRecords[K]>;

/** A plain highlighted column for a string field. */
function text<R>(t: TFunction, prefix: string, field: keyof R & string, extra: object = {}): TableColumnsType<R>[number] {
  return {
    key: field,
    title: t(`${prefix}.${field}`),
    ellipsis: true,
    render: (_: unknown, row: R) => <Highlight text={row[field] as string | null | undefined} />,
    ...extra,
  };
}

/**
 * A task is found by its title (subject) or its task name (the kind of request), so both are shown
 * and both highlighted (issue 21: "Stent" listed "请假申请 Leave request" with no "Stent" in view).
 * The title opens the task, as the task centre's does.
 */
function taskColumns(t: TFunction): TableColumnsType<SearchTaskRow> {
  const f = "fields.task";
  return [
    {
      key: "title",
      title: t(`${f}.title`),
      width: "26%",
      render: (_, row) => (
        <NewTab href={safeHref(row.taskUrl)} note={t("noAddress")}>
          <Highlight text={row.title || row.taskName} />
        </NewTab>
      ),
    },
    { key: "taskName", title: t(`${f}.taskName`), width: "16%", ellipsis: true, render: (_, row) => <Highlight text={row.taskName} /> },
    { key: "taskStatus", title: t(`${f}.taskStatus`), render: (_, row) => t(row.taskStatus === 1 ? "taskStatus.approval" : "taskStatus.other") },
    {
      key: "formStatus",
      title: t(`${f}.formStatus`),
      render: (_, row) => (row.formStatus === null || row.formStatus === undefined ? "--" : t(`formStatus.${row.formStatus}`, { defaultValue: String(row.formStatus) })),
    },
    { key: "taskSponsor", title: t(`${f}.taskSponsor`), ellipsis: true, render: (_, row) => dash(row.taskSponsor) },
    { key: "taskStartTime", title: t(`${f}.taskStartTime`), render: (_, row) => dash(row.taskStartTime) },
    { key: "taskCurrentApproved", title: t(`${f}.taskCurrentApproved`), ellipsis: true, render: (_, row) => dash(row.taskCurrentApproved) },
    { key: "taskApprovedPerson", title: t(`${f}.taskApprovedPerson`), ellipsis: true, render: (_, row) => dash(row.taskApprovedPerson) },
    { key: "taskCompleteTime", title: t(`${f}.taskCompleteTime`), render: (_, row) => dash(row.taskCompleteTime) },
  ];
}

export function columnsOf(kind: Kind, t: TFunction, open: OpenRecord): TableColumnsType<AnyRecord> {
  const detailsOf = (name: string) => t("detailsOf", { name });
  const byKind: { [K in Kind]: () => Columns<K> } = {
    policy: () => [
      {
        key: "title",
        title: t("fields.policy.title"),
        width: "40%",
        render: (_, row) => (
          <Link to={policyPath(row.id)}>
            <Highlight text={row.title} />
          </Link>
        ),
      },
      text(t, "fields.policy", "keyword"),
      text(t, "fields.policy", "folderName"),
      { key: "createTime", title: t("fields.policy.createTime"), width: 180, render: (_, row) => dash(row.createTime) },
    ],
    app: () => [
      {
        key: "appName",
        title: t("fields.app.appName"),
        width: "40%",
        render: (_, row) => (
          <NewTab href={safeHref(row.appUrl)} note={t("noAddress")}>
            <span className={styles.appName}>
              {row.appIconUrl ? <img className={styles.appIcon} src={row.appIconUrl} alt="" /> : <AppstoreOutlined aria-hidden className={styles.appIcon} />}
              <Highlight text={row.appName} />
            </span>
          </NewTab>
        ),
      },
      { key: "appUrl", title: t("fields.app.appUrl"), ellipsis: true, render: (_, row) => dash(row.appUrl) },
    ],
    applied: () => taskColumns(t),
    pending: () => taskColumns(t),
    approved: () => taskColumns(t),
    employee: () => [
      {
        key: "name",
        title: `${t("fields.employee.chineseName")} / ${t("fields.employee.englishName")}`,
        render: (_, row) => {
          const name = [row.chineseName, row.englishName].filter(Boolean).join(" / ") || row.employeeNo;
          return (
            <OpenButton label={detailsOf(name)} onOpen={() => open("employee", row)}>
              <Highlight text={name} />
            </OpenButton>
          );
        },
      },
      text(t, "fields.employee", "employeeNo"),
      text(t, "fields.employee", "title"),
      text(t, "fields.employee", "department"),
      text(t, "fields.employee", "email"),
      text(t, "fields.employee", "city"),
    ],
    upn: () => [
      {
        key: "upn",
        title: t("fields.upn.upn"),
        render: (_, row) => (
          <OpenButton label={detailsOf(row.upn)} onOpen={() => open("upn", row)}>
            <Highlight text={row.upn} />
          </OpenButton>
        ),
      },
      text(t, "fields.upn", "name"),
      { key: "status", title: t("fields.upn.status"), render: (_, row) => dash(row.status) },
      { key: "restrictReason", title: t("fields.upn.restrictReason"), ellipsis: true, render: (_, row) => dash(row.restrictReason) },
    ],
    nmpa: () => [
      {
        key: "certificateCode",
        title: t("fields.nmpa.certificateCode"),
        render: (_, row) => (
          <OpenButton label={detailsOf(row.certificateCode)} onOpen={() => open("nmpa", row)}>
            <Highlight text={row.certificateCode} />
          </OpenButton>
        ),
      },
      text(t, "fields.nmpa", "productNameCn"),
      text(t, "fields.nmpa", "productNameEn"),
      { key: "validity", title: t("fields.nmpa.validity"), render: (_, row) => `${dash(row.validFrom)} ~ ${dash(row.validTo)}` },
      { key: "category", title: t("fields.nmpa.category"), render: (_, row) => dash(row.category) },
      { key: "approvedDate", title: t("fields.nmpa.approvedDate"), render: (_, row) => dash(row.approvedDate) },
      text(t, "fields.nmpa", "manufacturer"),
    ],
  };
  return byKind[kind]() as TableColumnsType<AnyRecord>;
}

/** A stable row key: the id where the kind has one, the UPN code for UPN rows, else the position. */
export function rowKeyOf(record: AnyRecord, index?: number): string {
  if ("id" in record && record.id !== undefined) return String(record.id);
  if ("upn" in record) return record.upn;
  return `row-${index ?? 0}`;
}
