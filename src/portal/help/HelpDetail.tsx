// One published policy (/main/helpDetail?id=...): title, version, department, date, folder, tags,
// attachments and the rich-text content, which is rendered only after the browser's own sanitizer
// (sanitize.ts) has cleaned it. The breadcrumb and the back button return to the list it was opened
// from (that list keeps its page in helpSubPageInfo), or to the help centre's home.
import { useEffect, useMemo } from "react";
import { Button, Card, Descriptions, Empty, List, Result, Space, Spin, Tag, Typography } from "antd";
import { ArrowLeftOutlined, PaperClipOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";

import { ApiError } from "../../api/client";
import { setHelpPageInfo, useHelpPageInfo } from "../helpPageInfo";
import { downloadAttachment, fetchPolicy, idFromParam, type PolicyAttachment } from "./api";
import { HelpBreadcrumb, LoadFailed, dateOf, useLabelName, type Crumb } from "./parts";
import { sanitizeHtml } from "../../shared/sanitize";
import { useStoredPictures } from "../../shared/storedPictures";
import { useLoad } from "./useLoad";
import { AcknowledgePanel } from "./toRead/AcknowledgePanel";
import styles from "./help.module.css";
import { usePortalClient } from "../../api/ClientProvider";

/** Only a list address of the help centre is a way back (never an outside address). */
function listAddress(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/main/helpCenterInfo") ? from : null;
}

export default function HelpDetail() {
  const client = usePortalClient();
  const { t } = useTranslation("help");
  const labelName = useLabelName();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const info = useHelpPageInfo();
  const id = idFromParam(params.get("id"));
  const from = listAddress(location.state);

  useEffect(() => {
    setHelpPageInfo({ isSubPage: true, queryDetailId: id === null ? null : String(id) });
  }, [id]);

  const policy = useLoad(() => fetchPolicy(id!, client), [id, client], id !== null);
  const content = useStoredPictures(useMemo(() => sanitizeHtml(policy.state.data?.content), [policy.state.data?.content]));

  const back = () => navigate(from ?? "/main/helpCenter");
  const crumbs: Crumb[] = [];
  if (from) crumbs.push({ title: info.subTitle || t("list.allResults"), to: from });
  crumbs.push({ title: policy.state.data?.title ?? t("policy.none") });

  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      {from ? t("detail.back") : t("detail.backHome")}
    </Button>
  );

  if (id === null) {
    return (
      <Card>
        <Result status="info" title={t("detail.missingId")} extra={backButton} />
      </Card>
    );
  }
  const { state } = policy;
  if (state.status === "failed") {
    const missing = state.error instanceof ApiError && (state.error.code === 404 || state.error.status === 404);
    return (
      <Card>
        <HelpBreadcrumb crumbs={crumbs} />
        {missing ? <Result status="404" title={t("detail.notFound")} extra={backButton} /> : <LoadFailed onRetry={policy.reload} />}
      </Card>
    );
  }
  const data = state.data;
  // A different policy than the one asked for is an earlier answer: show the loading state.
  if (!data || data.id !== id) {
    return (
      <Card>
        <HelpBreadcrumb crumbs={crumbs.slice(0, -1).concat({ title: t("policy.none") })} />
        <Spin />
      </Card>
    );
  }
  return (
    <Card data-testid="help-detail">
      <HelpBreadcrumb crumbs={crumbs} />
      <Space direction="vertical" size={16} style={{ display: "flex" }}>
        <div>{backButton}</div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {data.title}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t("policy.version")}>{data.versionNumber || t("policy.none")}</Descriptions.Item>
          <Descriptions.Item label={t("policy.department")}>{data.deptName || t("policy.none")}</Descriptions.Item>
          <Descriptions.Item label={t("policy.date")}>{dateOf(data.createTime) || t("policy.none")}</Descriptions.Item>
          <Descriptions.Item label={t("policy.folder")}>{data.folderName || t("policy.none")}</Descriptions.Item>
          <Descriptions.Item label={t("policy.tags")} span={4}>
            {data.labels.length === 0
              ? t("policy.none")
              : data.labels.map((label) => (
                  <Tag key={label.id} color="blue">
                    {labelName(label)}
                  </Tag>
                ))}
          </Descriptions.Item>
        </Descriptions>
        <section aria-label={t("detail.content")}>
          {content === "" ? (
            <Empty description={t("policy.emptyContent")} />
          ) : (
            // Sanitized above (allow-list): no script, handler or javascript: address gets through.
            <div className={styles.content} data-testid="help-content" dangerouslySetInnerHTML={{ __html: content }} />
          )}
        </section>
        <section aria-label={t("policy.attachments")}>
          <Typography.Title level={5}>{t("policy.attachments")}</Typography.Title>
          {data.attachments.length === 0 ? (
            <Typography.Text type="secondary">{t("policy.noAttachments")}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={data.attachments}
              renderItem={(attachment: PolicyAttachment) => (
                <List.Item>
                  <Button
                    type="link"
                    icon={<PaperClipOutlined />}
                    aria-label={t("policy.download", { name: attachment.fileName })}
                    onClick={() => void downloadAttachment(attachment, client).catch(() => undefined)}
                  >
                    {attachment.fileName}
                  </Button>
                </List.Item>
              )}
            />
          )}
        </section>
        {/* Issue 24: after the content, what a read-and-acknowledge campaign asks of the reader. */}
        <AcknowledgePanel policyId={data.id} policyTitle={data.title} onReloadPolicy={policy.reload} />
      </Space>
    </Card>
  );
}
