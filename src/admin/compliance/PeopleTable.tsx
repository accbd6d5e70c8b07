// A campaign's people (issue 24), paged on the server: filtered by state, department (from the
// progress figures; 0 for people without one) and part of the account or name; each row shows the
// person's state, when they acknowledged or were reminded, and their signature as it is recorded.
import { useState } from "react";
import { Input, Select, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../../api/ClientProvider";
import { SignatureLine } from "../../account/signing/SignatureLine";
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "../../shared/paging";
import { peoplePage, type CampaignPerson, type CampaignProgress, type CampaignState } from "./api";
import { useCall } from "./useCall";

export const STATE_COLOR: Record<CampaignState, string> = { done: "green", pending: "blue", overdue: "red" };
const STATES: CampaignState[] = ["pending", "overdue", "done"];

export type PeopleFilters = { state?: CampaignState; deptId?: number; name?: string };

export function PeopleTable({
  campaignId,
  departments,
  filters,
  onFilters,
  round,
}: {
  campaignId: number;
  departments: CampaignProgress["departments"];
  filters: PeopleFilters;
  onFilters: (filters: PeopleFilters) => void;
  /** Changes when the campaign changed (the rows are read again). */
  round: number;
}) {
  const { t } = useTranslation("adminCompliance");
  const client = usePortalClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const people = useCall(
    () => peoplePage({ id: campaignId, page, pageSize, state: filters.state, deptId: filters.deptId, name: filters.name || undefined }, client),
    [campaignId, page, pageSize, filters.state, filters.deptId, filters.name, round, client],
  );
  const filter = (next: PeopleFilters) => {
    setPage(1);
    onFilters(next);
  };

  return (
    <section aria-label={t("people.title")}>
      <Typography.Title level={5}>{t("people.title")}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }} role="search" aria-label={t("people.filters")}>
        <Select
          allowClear
          style={{ width: 150 }}
          aria-label={t("people.state")}
          placeholder={t("people.state")}
          value={filters.state}
          onChange={(state?: CampaignState) => filter({ ...filters, state })}
          options={STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          aria-label={t("people.department")}
          placeholder={t("people.department")}
          value={filters.deptId}
          onChange={(deptId?: number) => filter({ ...filters, deptId })}
          options={departments.map((d) => ({ value: d.deptId ?? 0, label: d.deptName ?? t("people.noDepartment") }))}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          aria-label={t("people.name")}
          placeholder={t("people.name")}
          maxLength={50}
          defaultValue={filters.name}
          onSearch={(name) => filter({ ...filters, name: name.trim() || undefined })}
        />
      </Space>
      <Table<CampaignPerson>
        rowKey="userId"
        size="small"
        loading={people.loading}
        dataSource={people.data?.records ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: people.failed ? t("people.failed") : t("people.empty") }}
        pagination={{
          current: page,
          pageSize,
          total: people.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => t("pagination.people", { count: total }),
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        columns={[
          { key: "userName", title: t("people.account"), dataIndex: "userName", width: 120 },
          { key: "realName", title: t("people.realName"), dataIndex: "realName", width: 120 },
          { key: "deptName", title: t("people.department"), width: 150, render: (_, p) => p.deptName ?? t("people.noDepartment") },
          {
            key: "state",
            title: t("people.state"),
            width: 100,
            render: (_, p) => (
              <Tag color={STATE_COLOR[p.state]} data-state={p.state}>
                {t(`state.${p.state}`)}
              </Tag>
            ),
          },
          { key: "doneAt", title: t("people.doneAt"), dataIndex: "doneAt", width: 170, render: (v: string | null) => v ?? "—" },
          { key: "remindedAt", title: t("people.remindedAt"), dataIndex: "remindedAt", width: 170, render: (v: string | null) => v ?? "—" },
          {
            key: "signature",
            title: t("people.signature"),
            width: 420,
            render: (_, p) => (p.signature ? <SignatureLine signature={p.signature} /> : "—"),
          },
        ]}
      />
    </section>
  );
}
