// The help centre's home (spec 2.6, 7.7): a search box with the caller's recent searches, the
// recommended tags with the published policies of the chosen tag (paged), and the folder tree with
// the titles of its published policies. It has no page background: its cards sit on the shell's
// grey. Showing it marks the help centre as "not in a sub page" (helpSubPageInfo).
import { useEffect, useMemo, useState } from "react";
import { Button, Card, Col, Empty, List, Pagination, Row, Space, Spin, Tree, type TreeDataNode } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { setHelpPageInfo } from "../helpPageInfo";
import {
  PAGE_SIZE,
  fetchFolders,
  fetchLabels,
  fetchPoliciesByLabel,
  fetchSearchHistory,
  type HelpFolder,
  type HelpLabel,
} from "./api";
import { FollowFolderButton, useFolderFollows, type FolderFollows } from "./FollowFolder";
import { HelpSearchBox } from "./HelpSearchBox";
import { LoadFailed, PolicyRow, detailPath, useLabelName } from "./parts";
import { folderListPath, startList } from "./search";
import { useLoad } from "./useLoad";
import { ToReadList } from "./toRead/ToReadList";
import { usePortalClient } from "../../api/ClientProvider";

function folderTree(folders: HelpFolder[], openFolder: (folder: HelpFolder) => string, follows: FolderFollows): TreeDataNode[] {
  return folders.map((folder) => ({
    key: `folder-${folder.id}`,
    selectable: false,
    title: (
      <>
        <Link to={folderListPath(folder.id, folder.folderName)} onClick={() => startList(folder.folderName)} title={openFolder(folder)}>
          {folder.folderName}
        </Link>
        <FollowFolderButton folderId={folder.id} folderName={folder.folderName} follows={follows} />
      </>
    ),
    children: [
      ...folderTree(folder.children, openFolder, follows),
      ...folder.policies.map((policy) => ({
        key: `policy-${policy.id}`,
        isLeaf: true,
        selectable: false,
        title: <Link to={detailPath(policy.id)}>{policy.title}</Link>,
      })),
    ],
  }));
}

function TagPolicies({ label }: { label: HelpLabel }) {
  const client = usePortalClient();
  const { t } = useTranslation("help");
  const [page, setPage] = useState(1);
  const { state, reload } = useLoad(() => fetchPoliciesByLabel(label.id, page, PAGE_SIZE, client), [label.id, page, client]);
  if (state.status === "failed" && !state.data) return <LoadFailed onRetry={reload} />;
  const data = state.data;
  return (
    <Spin spinning={state.status === "loading"}>
      <List
        dataSource={data?.records ?? []}
        locale={{ emptyText: state.status === "loading" ? " " : <Empty description={t("list.empty")} /> }}
        renderItem={(policy) => (
          <List.Item>
            <PolicyRow policy={policy} />
          </List.Item>
        )}
      />
      {data && data.total > PAGE_SIZE && (
        <Pagination
          size="small"
          align="end"
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Spin>
  );
}

export default function HelpCenter() {
  const client = usePortalClient();
  const { t } = useTranslation("help");
  const labelName = useLabelName();

  // Showing the home: not in a sub page any more (the list keeps its page until a new list starts).
  useEffect(() => setHelpPageInfo({ isSubPage: false }), []);

  const labels = useLoad(() => fetchLabels(client), [client]);
  const folders = useLoad(() => fetchFolders(client), [client]);
  const follows = useFolderFollows(client);
  // Re-read each time the home shows again (a search on the list page adds to the history).
  const history = useLoad(() => fetchSearchHistory(client), [client]);

  const [chosenId, setChosenId] = useState<number | null>(null);
  const labelList = labels.state.data ?? [];
  const chosen = labelList.find((label) => label.id === chosenId) ?? labelList[0] ?? null;

  const treeData = useMemo(
    () => folderTree(folders.state.data ?? [], (folder) => t("home.openFolder", { folder: folder.folderName }), follows),
    [folders.state.data, t, follows],
  );

  return (
    <Space direction="vertical" size={16} style={{ display: "flex" }} data-testid="help-home">
      {/* Issue 24: the caller's read requests first (the workspace badge leads here). */}
      <ToReadList />
      <Card title={t("home.searchTitle")}>
        <HelpSearchBox history={history.state.data ?? []} historyLoading={history.state.status === "loading"} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t("home.tagsTitle")} data-testid="help-tags">
            {labels.state.status === "failed" && !labels.state.data ? (
              <LoadFailed onRetry={labels.reload} />
            ) : labels.state.status === "loading" && !labels.state.data ? (
              <Spin />
            ) : labelList.length === 0 ? (
              <Empty description={t("home.noTags")} />
            ) : (
              <>
                <Space size={[4, 8]} wrap role="group" aria-label={t("home.tagsTitle")} style={{ marginBottom: 12 }}>
                  {labelList.map((label) => (
                    <Button
                      key={label.id}
                      size="small"
                      shape="round"
                      autoInsertSpace={false}
                      type={chosen?.id === label.id ? "primary" : "default"}
                      aria-pressed={chosen?.id === label.id}
                      onClick={() => setChosenId(label.id)}
                    >
                      {labelName(label)}
                    </Button>
                  ))}
                </Space>
                {chosen ? (
                  <section aria-label={t("home.tagPolicies", { tag: labelName(chosen) })}>
                    <TagPolicies key={chosen.id} label={chosen} />
                  </section>
                ) : (
                  <Empty description={t("home.chooseTag")} />
                )}
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t("home.foldersTitle")} data-testid="help-folders">
            {folders.state.status === "failed" && !folders.state.data ? (
              <LoadFailed onRetry={folders.reload} />
            ) : folders.state.status === "loading" && !folders.state.data ? (
              <Spin />
            ) : treeData.length === 0 ? (
              <Empty description={t("home.noFolders")} />
            ) : (
              <Tree treeData={treeData} defaultExpandAll selectable={false} blockNode />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
