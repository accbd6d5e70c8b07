// Pieces shared by the help pages: tag names in the current language, a policy's list row, the
// breadcrumb, and the failed-load state with a retry button.
import type { ReactNode } from "react";
import { Breadcrumb, Button, Result, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import type { HelpLabel, HelpPolicy } from "./api";

/** A tag's name in the current language (cn: labelName, en: labelEnName). */
export function useLabelName(): (label: HelpLabel) => string {
  const { i18n } = useTranslation();
  return (label) => (i18n.language === "en" ? label.labelEnName || label.labelName : label.labelName || label.labelEnName);
}

/** The date part of a "YYYY-MM-DD HH:mm:ss" time. */
export const dateOf = (time: string | null | undefined): string => (time ? time.slice(0, 10) : "");

export function detailPath(id: number): string {
  return `/main/helpDetail?id=${id}`;
}

/** One policy in a list: its title links to the detail; version, department, date and tags follow. */
export function PolicyRow({ policy, from }: { policy: HelpPolicy; from?: string }) {
  const { t } = useTranslation("help");
  const labelName = useLabelName();
  return (
    <div data-testid={`help-policy-${policy.id}`}>
      <Link to={detailPath(policy.id)} state={from ? { from } : undefined}>
        <Typography.Text strong>{policy.title}</Typography.Text>
      </Link>
      <div>
        <Space size={[12, 4]} wrap>
          <Typography.Text type="secondary">
            {t("policy.version")}: {policy.versionNumber || t("policy.none")}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t("policy.department")}: {policy.deptName || t("policy.none")}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t("policy.date")}: {dateOf(policy.createTime) || t("policy.none")}
          </Typography.Text>
          {policy.labels.map((label) => (
            <Tag key={label.id} color="blue">
              {labelName(label)}
            </Tag>
          ))}
        </Space>
      </div>
    </div>
  );
}

export interface Crumb {
  title: ReactNode;
  to?: string;
  state?: unknown;
}

/** Help Center / ... / the current page (the last crumb is plain text). */
export function HelpBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation("help");
  const items = [{ title: t("breadcrumb.home"), to: "/main/helpCenter" } as Crumb, ...crumbs].map((crumb, index, all) => ({
    key: index,
    title:
      crumb.to && index < all.length - 1 ? (
        <Link to={crumb.to} state={crumb.state}>
          {crumb.title}
        </Link>
      ) : (
        <span aria-current={index === all.length - 1 ? "page" : undefined}>{crumb.title}</span>
      ),
  }));
  return (
    <nav aria-label={t("breadcrumb.label")} style={{ marginBottom: 16 }}>
      <Breadcrumb items={items} />
    </nav>
  );
}

export function LoadFailed({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation("help");
  return (
    <Result
      status="warning"
      title={title ?? t("state.loadFailed")}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t("state.retry")}
        </Button>
      }
    />
  );
}
