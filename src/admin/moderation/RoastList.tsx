// /roastList: the complaint review queue (spec 2.3, 4, 7.5). Complaints (first level) paged on the
// server with filters and sorting; per row: open (/firstRoast/:id), approve or reject a pending
// one, delete it with its replies (confirmed). The header holds the review switch and the export.
import { List } from "@refinedev/antd";
import { Space, Table, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { ExportButton } from "../crud";
import { useAdminTable } from "../useAdminTable";
import { moderationColumns, moderationExport } from "./columns";
import { DeleteTalkShowButton } from "./DeleteTalkShowButton";
import { ModerationSearchForm, toFilters, type ModerationSearch } from "./ModerationSearchForm";
import { ReviewActions } from "./ReviewActions";
import { ReviewSwitch } from "./ReviewSwitch";
import { ROASTS, type TalkShow } from "./types";

export const firstRoastPath = (id: number) => `/main/firstRoast/${id}`;

export function RoastList() {
  const { t } = useTranslation(["adminModeration", "admin"]);
  const { tableProps, searchFormProps, sorters, filters } = useAdminTable<TalkShow, ModerationSearch>(ROASTS, "crud", toFilters);

  const columns: TableColumnsType<TalkShow> = [
    ...moderationColumns<TalkShow>(t, sorters, (r) => firstRoastPath(r.id)),
    { key: "replyCount", dataIndex: "replyCount", title: t("fields.replyCount") },
    {
      key: "actions",
      title: t("common.actions"),
      fixed: "right",
      render: (_, r) => (
        <Space wrap size={4}>
          <Link to={firstRoastPath(r.id)}>{t("common.view")}</Link>
          <ReviewActions id={r.id} reviewStatus={r.reviewStatus} />
          <DeleteTalkShowButton id={r.id} replyCount={r.replyCount ?? 0} />
        </Space>
      ),
    },
  ];

  return (
    <List
      title={t("roast.title")}
      headerButtons={() => (
        <Space wrap>
          <ReviewSwitch />
          <ExportButton
            resource={ROASTS}
            filters={filters}
            sorters={sorters}
            fileName={t("roast.title")}
            columns={[...moderationExport(t), { key: "replyCount", title: t("fields.replyCount") }]}
          />
        </Space>
      )}
    >
      <ModerationSearchForm formProps={searchFormProps} withDates />
      <Table<TalkShow> {...tableProps} rowKey="id" columns={columns} scroll={{ x: "max-content" }} locale={{ emptyText: t("common.empty") }} />
    </List>
  );
}
