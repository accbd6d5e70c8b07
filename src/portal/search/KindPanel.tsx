// One result tab: the kind's table with server paging (spec 9: 10, 20, 50, 100), its loading,
// empty and error states.
import { Alert, Button, Empty, Table } from "antd";
import { useTranslation } from "react-i18next";

import { columnsOf, rowKeyOf, type OpenRecord } from "./columns";
import { serverPagination } from "../../shared/paging";
import { type AnyRecord, type Kind } from "./kinds";
import type { KindState } from "./useSearchResults";

export interface KindPanelProps {
  kind: Kind;
  keyword: string;
  state: KindState;
  onPage: (page: number, pageSize: number) => void;
  onOpen: OpenRecord;
}

export function KindPanel({ kind, keyword, state, onPage, onOpen }: KindPanelProps) {
  const { t } = useTranslation("search");
  const label = t(`kinds.${kind}`);
  if (state.status === "error")
    return (
      <Alert
        type="error"
        showIcon
        data-testid={`search-error-${kind}`}
        message={t("failed", { kind: label })}
        description={state.error}
        action={
          <Button size="small" onClick={() => onPage(state.page, state.pageSize)}>
            {t("retry")}
          </Button>
        }
      />
    );
  const loading = state.status === "loading" || state.status === "idle";
  return (
    <div data-testid={`search-table-${kind}`}>
      <Table<AnyRecord>
        size="middle"
        rowKey={rowKeyOf}
        columns={columnsOf(kind, t, onOpen)}
        dataSource={state.records}
        loading={loading}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: loading ? " " : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("empty", { kind: label, keyword })} /> }}
        pagination={
          state.total > 0 && serverPagination(state.page, state.pageSize, state.total, onPage, (total) => t(state.totalCapped ? "totalCapped" : "total", { total }))
        }
      />
    </div>
  );
}
