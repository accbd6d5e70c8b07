// The search form of both moderation lists: content, author, review status (and, for complaints,
// the creation date range). Values become the page request's filters (ModerationSearch below).
import type { CrudFilters } from "@refinedev/core";
import { Button, DatePicker, Form, Input, Select, Space, type FormProps } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";

import { REVIEW_STATUSES, type ReviewStatus } from "./types";

export type ModerationSearch = { content?: string; userName?: string; reviewStatus?: ReviewStatus; dates?: [Dayjs | null, Dayjs | null] | null };

export function toFilters({ content, userName, reviewStatus, dates }: ModerationSearch): CrudFilters {
  return [
    { field: "content", operator: "contains", value: content },
    { field: "userName", operator: "contains", value: userName },
    { field: "reviewStatus", operator: "eq", value: reviewStatus },
    { field: "startDate", operator: "eq", value: dates?.[0]?.format("YYYY-MM-DD") },
    { field: "endDate", operator: "eq", value: dates?.[1]?.format("YYYY-MM-DD") },
  ];
}

export function ModerationSearchForm({ formProps, withDates }: { formProps: FormProps; withDates?: boolean }) {
  const { t } = useTranslation("adminModeration");
  const reset = () => {
    formProps.form?.resetFields();
    formProps.form?.submit();
  };
  return (
    <Form {...formProps} layout="inline" role="search" style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="content" label={t("fields.content")}>
        <Input allowClear style={{ width: 180 }} placeholder={t("common.placeholder")} />
      </Form.Item>
      <Form.Item name="userName" label={t("fields.userName")}>
        <Input allowClear style={{ width: 140 }} placeholder={t("common.placeholder")} />
      </Form.Item>
      <Form.Item name="reviewStatus" label={t("fields.reviewStatus")}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t("common.all")}
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`review.status.${s}`) }))}
        />
      </Form.Item>
      {withDates && (
        <Form.Item name="dates" label={t("fields.createTime")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit">
          {t("common.search")}
        </Button>
        <Button onClick={reset}>{t("common.reset")}</Button>
      </Space>
    </Form>
  );
}
