// The help list (/main/helpCenterInfo): a page of published policies for a search text (?keyword=)
// or a folder (?folderId=&name=). Its page number lives in helpSubPageInfo.currentPage, so coming
// back from a policy's detail shows the same page; a new search or folder starts on page 1.
import { useEffect, useState } from "react";
import { Card, Empty, List, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";

import { setHelpPageInfo, useHelpPageInfo } from "../helpPageInfo";
import { serverPagination } from "../../shared/paging";
import { PAGE_SIZE, fetchSearchHistory, idFromParam, pageNumber, searchPolicies } from "./api";
import { HelpSearchBox } from "./HelpSearchBox";
import { HelpBreadcrumb, LoadFailed, PolicyRow } from "./parts";
import { useLoad } from "./useLoad";
import { usePortalClient } from "../../api/ClientProvider";

export default function HelpCenterInfo() {
  const client = usePortalClient();
  const { t } = useTranslation("help");
  const location = useLocation();
  const [params] = useSearchParams();
  const info = useHelpPageInfo();
  const keyword = (params.get("keyword") ?? "").trim();
  const folderId = idFromParam(params.get("folderId"));
  const folderName = params.get("name") ?? "";
  const page = pageNumber(info.currentPage);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);

  const subTitle = keyword
    ? t("list.searchResults", { keyword })
    : folderId !== null
      ? t("list.folderResults", { folder: folderName || String(folderId) })
      : t("list.allResults");

  useEffect(() => setHelpPageInfo({ isSubPage: true, subTitle }), [subTitle]);

  const list = useLoad(
    () => searchPolicies({ keyword: keyword || undefined, folderId: folderId ?? undefined }, page, pageSize, client),
    [keyword, folderId, page, pageSize, client],
  );
  const history = useLoad(() => fetchSearchHistory(client), [keyword, client]);
  const from = `${location.pathname}${location.search}`;
  const data = list.state.data;

  // A page beyond the last (the list shrank meanwhile) steps back to the last page.
  useEffect(() => {
    if (data && data.records.length === 0 && data.total > 0 && page > 1) {
      setHelpPageInfo({ currentPage: Math.max(1, Math.ceil(data.total / pageSize)) });
    }
  }, [data, page, pageSize]);

  return (
    <Card data-testid="help-list">
      <HelpBreadcrumb crumbs={[{ title: subTitle }]} />
      <div style={{ marginBottom: 16, maxWidth: 720 }}>
        <HelpSearchBox key={keyword} initial={keyword} history={history.state.data ?? []} historyLoading={history.state.status === "loading"} />
      </div>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {subTitle}
      </Typography.Title>
      {list.state.status === "failed" && !data ? (
        <LoadFailed onRetry={list.reload} />
      ) : (
        <Spin spinning={list.state.status === "loading"}>
          <List
            dataSource={data?.records ?? []}
            locale={{ emptyText: list.state.status === "loading" ? " " : <Empty description={t("list.empty")} /> }}
            renderItem={(policy) => (
              <List.Item>
                <PolicyRow policy={policy} from={from} />
              </List.Item>
            )}
            pagination={
              data && data.total > 0
                ? serverPagination(
                    page,
                    pageSize,
                    data.total,
                    (next, size) => {
                      setPageSize(size);
                      setHelpPageInfo({ currentPage: next });
                    },
                    (total) => t("list.total", { count: total }),
                  )
                : false
            }
          />
        </Spin>
      )}
    </Card>
  );
}
