// User complaints ("teasing", /main/teasingList; spec 3, 4, 5, 7.7): the published complaints with
// their replies, likes and dislikes, plus the caller's own ones still waiting for review ("pending
// review") and those rejected with the administrator's reason. A signed-in user posts a complaint
// or a reply (1..2000 characters of plain text), votes once per row (the same vote again removes
// it), and deletes their own rows after confirming.
import { useState } from "react";
import { Alert, Button, Card, Empty, Form, Input, List, Result, Segmented, Select, Space, Spin, Tag, Typography } from "antd";
import { DeleteOutlined, DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined, MessageOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { useLoad } from "../help/useLoad";
import {
  CONTENT_MAX,
  PAGE_SIZE,
  contentProblem,
  deleteComplaint,
  fetchComplaints,
  postComplaint,
  vote,
  type Complaint,
  type ComplaintPage,
  type ComplaintReply,
  type SortBy,
} from "./api";
import { openConfirm } from "../../shared/confirm";
import { serverPagination } from "../../shared/paging";
import { applyVote, type VoteCounts, type VoteType } from "./votes";
import styles from "./complaints.module.css";
import { usePortalClient } from "../../api/ClientProvider";

type Row = Complaint | ComplaintReply;

/** A row's counts replaced wherever it is (a complaint or one of the replies). */
function withCounts(page: ComplaintPage, id: number, counts: VoteCounts): ComplaintPage {
  const update = <T extends Row>(row: T): T => (row.id === id ? { ...row, ...counts } : row);
  return {
    ...page,
    records: page.records.map((complaint) => ({ ...update(complaint), replies: complaint.replies.map(update) })),
  };
}

function findRow(page: ComplaintPage, id: number): Row | undefined {
  for (const complaint of page.records) {
    if (complaint.id === id) return complaint;
    const reply = complaint.replies.find((r) => r.id === id);
    if (reply) return reply;
  }
  return undefined;
}

interface ComposerProps {
  id: string;
  label: string;
  placeholder: string;
  submitText: string;
  rows: number;
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A text box with the contract's limit, a counter and a bilingual error for empty or long text. */
function Composer({ id, label, placeholder, submitText, rows, onSubmit, onCancel, autoFocus }: ComposerProps) {
  const { t } = useTranslation("complaints");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<ReturnType<typeof contentProblem>>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const found = contentProblem(text);
    setProblem(found);
    if (found || busy) return;
    setBusy(true);
    try {
      if (await onSubmit(text)) setText("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={() => void submit()} component="div">
      <Form.Item
        label={label}
        htmlFor={id}
        validateStatus={problem ? "error" : undefined}
        help={problem ? <span role="alert">{t(`form.${problem}`, { max: CONTENT_MAX })}</span> : undefined}
        style={{ marginBottom: 12 }}
      >
        <Input.TextArea
          id={id}
          value={text}
          rows={rows}
          maxLength={CONTENT_MAX}
          showCount
          placeholder={placeholder}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit();
          }}
        />
      </Form.Item>
      <Space>
        <Button type="primary" loading={busy} onClick={() => void submit()}>
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t("reply.cancel")}</Button>}
      </Space>
    </Form>
  );
}

interface RowActionsProps {
  row: Row;
  isReply: boolean;
  onVote: (row: Row, type: VoteType) => void;
  onDelete: (row: Row, isReply: boolean) => void;
  onReply?: () => void;
}

function RowActions({ row, isReply, onVote, onDelete, onReply }: RowActionsProps) {
  const { t } = useTranslation("complaints");
  const published = row.reviewStatus === 1;
  return (
    <Space size={4} wrap>
      <Button
        type="text"
        size="small"
        icon={row.myVote === 1 ? <LikeFilled /> : <LikeOutlined />}
        aria-pressed={row.myVote === 1}
        aria-label={t("item.like", { count: row.likes })}
        disabled={!published}
        onClick={() => onVote(row, 1)}
        data-testid={`like-${row.id}`}
      >
        {row.likes}
      </Button>
      <Button
        type="text"
        size="small"
        icon={row.myVote === 2 ? <DislikeFilled /> : <DislikeOutlined />}
        aria-pressed={row.myVote === 2}
        aria-label={t("item.dislike", { count: row.dislikes })}
        disabled={!published}
        onClick={() => onVote(row, 2)}
        data-testid={`dislike-${row.id}`}
      >
        {row.dislikes}
      </Button>
      {onReply && published && (
        <Button type="text" size="small" icon={<MessageOutlined />} onClick={onReply}>
          {t("item.reply")}
        </Button>
      )}
      {row.isMine && (
        <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(row, isReply)}>
          {t("item.delete")}
        </Button>
      )}
    </Space>
  );
}

function Byline({ row }: { row: Row }) {
  const { t } = useTranslation("complaints");
  return (
    <Space size={8} wrap>
      <Typography.Text strong>{row.userName}</Typography.Text>
      <Typography.Text type="secondary">{row.createTime}</Typography.Text>
      {row.isMine && <Tag>{t("item.mine")}</Tag>}
      {row.reviewStatus === 0 && (
        <Tag color="orange" data-testid={`pending-${row.id}`}>
          {t("item.pending")}
        </Tag>
      )}
      {row.reviewStatus === 2 && (
        <Tag color="red" data-testid={`rejected-${row.id}`}>
          {t("item.rejected")}
        </Tag>
      )}
    </Space>
  );
}

/** The reason an administrator gave for rejecting the caller's own row. */
function RejectReason({ row }: { row: Row }) {
  const { t } = useTranslation("complaints");
  if (row.reviewStatus !== 2) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 8 }}
      message={t("item.rejectReason", { reason: row.rejectReason || t("item.noReason") })}
      data-testid={`reject-reason-${row.id}`}
    />
  );
}

export default function TeasingList() {
  const client = usePortalClient();
  const { t } = useTranslation("complaints");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [sortBy, setSortBy] = useState<SortBy>("createTime");
  const [mine, setMine] = useState(false);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  const list = useLoad(() => fetchComplaints({ page, pageSize, sortBy, mine }, client), [page, pageSize, sortBy, mine, client]);
  const data = list.state.data;

  const reloadOrStepBack = (removed: number) => {
    // The current page emptied above page 1: step back one page (spec 4's rule for paged lists).
    if (data && page > 1 && data.records.length <= removed) setPage(page - 1);
    else list.reload();
  };

  const post = async (content: string): Promise<boolean> => {
    try {
      const created = await postComplaint(content, undefined, client);
      toast(created.reviewStatus === 0 ? t("form.pending") : t("form.published"), created.reviewStatus === 0 ? "info" : "success");
      if (page !== 1 || sortBy !== "createTime") {
        setSortBy("createTime");
        setPage(1);
      } else list.reload();
      return true;
    } catch {
      return false; // the client showed the server's message
    }
  };

  const reply = async (parentId: number, content: string): Promise<boolean> => {
    try {
      const created = await postComplaint(content, parentId, client);
      toast(created.reviewStatus === 0 ? t("form.pending") : t("form.published"), created.reviewStatus === 0 ? "info" : "success");
      setReplyingTo(null);
      list.reload();
      return true;
    } catch {
      return false;
    }
  };

  const onVote = (row: Row, type: VoteType) => {
    const before: VoteCounts = { likes: row.likes, dislikes: row.dislikes, myVote: row.myVote };
    list.setData((current) => withCounts(current, row.id, applyVote(before, type)));
    vote(row.id, type, client).then(
      (result) => list.setData((current) => withCounts(current, row.id, { likes: result.likes, dislikes: result.dislikes, myVote: result.myVote })),
      () => list.setData((current) => (findRow(current, row.id) ? withCounts(current, row.id, before) : current)),
    );
  };

  const onDelete = (row: Row, isReply: boolean) => {
    openConfirm({
      title: isReply ? t("delete.replyTitle") : t("delete.title"),
      content: isReply ? t("delete.replyContent") : t("delete.content"),
      okText: t("delete.ok"),
      okButtonProps: { danger: true },
      cancelText: t("delete.cancel"),
      onOk: async () => {
        try {
          await deleteComplaint(row.id, client);
        } catch {
          return; // shown by the client; the dialog closes, the list stays as it is
        }
        toast(t("delete.done"), "success");
        if (isReply) list.reload();
        else reloadOrStepBack(1);
      },
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ display: "flex" }} data-testid="complaints">
      <Card title={t("form.title")} size="small">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t("form.reviewNotice")}
        </Typography.Paragraph>
        <Composer
          id="complaint-content"
          label={t("form.label")}
          placeholder={t("form.placeholder", { max: CONTENT_MAX })}
          submitText={t("form.submit")}
          rows={3}
          onSubmit={post}
        />
      </Card>
      <Space wrap size={16}>
        <Segmented
          aria-label={t("toolbar.filter")}
          value={mine ? "mine" : "all"}
          options={[
            { label: t("toolbar.all"), value: "all" },
            { label: t("toolbar.mine"), value: "mine" },
          ]}
          onChange={(value) => {
            setMine(value === "mine");
            setPage(1);
          }}
        />
        <Space>
          <label htmlFor="complaints-sort">{t("toolbar.sort")}</label>
          <Select
            id="complaints-sort"
            style={{ width: 160 }}
            value={sortBy}
            options={[
              { label: t("toolbar.newest"), value: "createTime" },
              { label: t("toolbar.mostLiked"), value: "likes" },
            ]}
            onChange={(value: SortBy) => {
              setSortBy(value);
              setPage(1);
            }}
          />
        </Space>
      </Space>
      {list.state.status === "failed" && !data ? (
        <Result
          status="warning"
          title={t("list.loadFailed")}
          extra={
            <Button type="primary" onClick={list.reload}>
              {t("list.retry")}
            </Button>
          }
        />
      ) : (
        <Spin spinning={list.state.status === "loading"}>
          <List
            itemLayout="vertical"
            dataSource={data?.records ?? []}
            locale={{ emptyText: list.state.status === "loading" ? " " : <Empty description={mine ? t("list.emptyMine") : t("list.empty")} /> }}
            pagination={
              data && data.total > 0
                ? serverPagination(
                    page,
                    pageSize,
                    data.total,
                    (next, size) => {
                      setPageSize(size);
                      setPage(next);
                    },
                    (total) => t("list.total", { count: total }),
                  )
                : false
            }
            renderItem={(complaint) => (
              <List.Item key={complaint.id} data-testid={`complaint-${complaint.id}`} className={styles.item}>
                <Byline row={complaint} />
                <Typography.Paragraph className={styles.text}>{complaint.content}</Typography.Paragraph>
                <RejectReason row={complaint} />
                <RowActions
                  row={complaint}
                  isReply={false}
                  onVote={onVote}
                  onDelete={onDelete}
                  onReply={() => setReplyingTo(replyingTo === complaint.id ? null : complaint.id)}
                />
                {complaint.replies.length > 0 && (
                  <section className={styles.replies} aria-label={t("item.replies", { count: complaint.replies.length })}>
                    {complaint.replies.map((item) => (
                      <div key={item.id} className={styles.reply} data-testid={`reply-${item.id}`}>
                        <Byline row={item} />
                        <Typography.Paragraph className={styles.text}>{item.content}</Typography.Paragraph>
                        <RejectReason row={item} />
                        <RowActions row={item} isReply onVote={onVote} onDelete={onDelete} />
                      </div>
                    ))}
                  </section>
                )}
                {replyingTo === complaint.id && (
                  <div className={styles.replies}>
                    <Composer
                      id={`reply-content-${complaint.id}`}
                      label={t("reply.label")}
                      placeholder={t("reply.placeholder", { max: CONTENT_MAX })}
                      submitText={t("reply.submit")}
                      rows={2}
                      autoFocus
                      onSubmit={(content) => reply(complaint.id, content)}
                      onCancel={() => setReplyingTo(null)}
                    />
                  </div>
                )}
              </List.Item>
            )}
          />
        </Spin>
      )}
    </Space>
  );
}
