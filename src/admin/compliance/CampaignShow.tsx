// /main/compliance/campaign/show/:id (issue 24): a campaign's header figures, what it asks of whom,
// the figures per department (a row's button shows that department's people), the people paged on
// the server with their signatures, and the actions (remind, export, close, restart).
import { useState } from "react";
import { Button, Card, Col, Descriptions, Progress, Result, Row, Space, Spin, Statistic, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";

import { usePortalClient } from "../../api/ClientProvider";
import { Show } from "../crud/pages";
import { getCampaign, getProgress, type CampaignProgress } from "./api";
import { CampaignActions } from "./CampaignActions";
import { donePercent } from "./Figures";
import { PeopleTable, type PeopleFilters } from "./PeopleTable";
import { useCall } from "./useCall";

type DepartmentRow = CampaignProgress["departments"][number];

/** The names of whom a campaign asks, as tags ("—" for none). */
const names = (list: { id: number; name: string }[]) => (list.length === 0 ? "—" : list.map((x) => <Tag key={x.id}>{x.name}</Tag>));

export function CampaignDetail({ id }: { id: number }) {
  const { t } = useTranslation("adminCompliance");
  const client = usePortalClient();
  const [round, setRound] = useState(0);
  const [filters, setFilters] = useState<PeopleFilters>({});
  const campaign = useCall(() => getCampaign(id, client), [id, client, round]);
  const progress = useCall(() => getProgress(id, client), [id, client, round]);
  const changed = () => setRound((n) => n + 1);

  if (campaign.failed && !campaign.data) return <Result status="warning" title={t("show.failed")} extra={<Button onClick={campaign.reload}>{t("show.retry")}</Button>} />;
  const c = campaign.data;
  if (!c) return <Spin />;
  const p = progress.data;
  const figures = p ?? c;

  return (
    <Space direction="vertical" size={16} style={{ display: "flex" }} data-testid="campaign-show">
      <Row justify="space-between" gutter={[16, 16]}>
        <Col>
          <Space wrap>
            <Tag color={c.status === 1 ? "green" : "default"}>{t(c.status === 1 ? "status.open" : "status.closed")}</Tag>
            {c.superseded && <Tag color="orange">{t("status.superseded")}</Tag>}
          </Space>
        </Col>
        <Col>
          <CampaignActions campaign={c} notDone={figures.pending + figures.overdue} onChanged={changed} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {(["total", "done", "pending", "overdue"] as const).map((key) => (
          <Col key={key} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t(`figures.${key}Title`)} value={figures[key]} valueStyle={key === "overdue" && figures.overdue > 0 ? { color: "#cf1322" } : undefined} />
            </Card>
          </Col>
        ))}
      </Row>
      <Progress percent={donePercent(figures)} success={{ percent: donePercent(figures) }} aria-label={t("figures.percent", { percent: donePercent(figures) })} />
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t("fields.policy")}>{t("show.policyVersion", { title: c.policyTitle, version: c.versionNumber })}</Descriptions.Item>
        <Descriptions.Item label={t("fields.dueDate")}>{c.dueDate}</Descriptions.Item>
        <Descriptions.Item label={t("fields.signatureRequired")}>{t(c.signatureRequired ? "signature.yes" : "signature.no")}</Descriptions.Item>
        <Descriptions.Item label={t("fields.contentHash")}>
          <Typography.Text code copyable={{ text: c.contentHash }}>{`${c.contentHash.slice(0, 16)}…`}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.createdBy")}>{c.createdBy}</Descriptions.Item>
        <Descriptions.Item label={t("fields.createdAt")}>{c.createdAt}</Descriptions.Item>
        {c.restartedAt && <Descriptions.Item label={t("fields.restartedAt")}>{c.restartedAt}</Descriptions.Item>}
        <Descriptions.Item label={t("fields.depts")}>{names(c.targets.depts)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.roles")}>{names(c.targets.roles)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.users")}>{names(c.targets.users)}</Descriptions.Item>
      </Descriptions>
      <section aria-label={t("departments.title")}>
        <Typography.Title level={5}>{t("departments.title")}</Typography.Title>
        <Table<DepartmentRow>
          size="small"
          rowKey={(d) => String(d.deptId ?? 0)}
          loading={progress.loading}
          dataSource={p?.departments ?? []}
          pagination={false}
          scroll={{ x: 640, y: 320 }}
          locale={{ emptyText: progress.failed ? t("people.failed") : t("people.empty") }}
          columns={[
            { key: "dept", title: t("people.department"), width: 200, render: (_, d) => d.deptName ?? t("people.noDepartment") },
            { key: "done", title: t("state.done"), dataIndex: "done", width: 90 },
            { key: "pending", title: t("state.pending"), dataIndex: "pending", width: 90 },
            {
              key: "overdue",
              title: t("state.overdue"),
              width: 90,
              render: (_, d) => <Typography.Text type={d.overdue > 0 ? "danger" : undefined}>{d.overdue}</Typography.Text>,
            },
            { key: "total", title: t("figures.totalTitle"), dataIndex: "total", width: 90 },
            {
              key: "people",
              title: t("departments.people"),
              width: 140,
              render: (_, d) => (
                <Button size="small" type="link" onClick={() => setFilters({ ...filters, deptId: d.deptId ?? 0 })}>
                  {t("departments.showPeople", { name: d.deptName ?? t("people.noDepartment") })}
                </Button>
              ),
            },
          ]}
        />
      </section>
      <PeopleTable key={`${filters.deptId ?? ""}`} campaignId={id} departments={p?.departments ?? []} filters={filters} onFilters={setFilters} round={round} />
    </Space>
  );
}

export function CampaignShow() {
  const { t } = useTranslation("adminCompliance");
  const { id } = useParams();
  const campaignId = /^[1-9][0-9]{0,15}$/.test(id ?? "") ? Number(id) : null;
  return (
    <Show title={t("titles.show")} resource="campaign" recordItemId={campaignId ?? undefined} headerButtons={() => null}>
      {campaignId === null ? <Result status="404" title={t("show.notFound")} /> : <CampaignDetail id={campaignId} />}
    </Show>
  );
}
