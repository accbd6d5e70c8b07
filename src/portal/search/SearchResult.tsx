// The global search results (spec 2.2 /searchResult, 2.6, 3, 7.8, 9). The text comes from the
// address (?searchVal=..., decisions.md "Top bar"), so a reload, a restored tab and a new search
// from the top bar while this page is kept alive all show the text in the address. The text is
// searched across the eight kinds at once; one tab per kind with its count, paged by the server.
import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { Button, Card, Empty, Space, Tabs, Typography, theme } from "antd";
import { HistoryOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

import { usePortalClient } from "../../api/ClientProvider";
import { searchPath } from "../shell/header";
import type { OpenRecord } from "./columns";
import { DetailDrawer, type Detail } from "./DetailDrawer";
import { exactCodeRecord } from "./exactCode";
import { SearchTextContext } from "./Highlight";
import { KindPanel } from "./KindPanel";
import { KINDS, keywordOf, type Kind, type SearchNmpa, type SearchUpn } from "./kinds";
import { useRecentSearches } from "./recent";
import { useChangeEffect } from "../../shared/useChangeEffect";
import styles from "./search.module.css";
import { useSearchResults, type KindState } from "./useSearchResults";

function countText(state: KindState): string {
  if (state.status === "done") return `(${state.total}${state.totalCapped ? "+" : ""})`;
  return state.status === "error" ? "(!)" : "(…)";
}

/** Before anything is searched: a hint and the recent searches to pick from. */
function NoKeyword() {
  const { t } = useTranslation("search");
  const navigate = useNavigate();
  const { recent, loaded, refresh } = useRecentSearches();
  useEffect(refresh, [refresh]);
  return (
    <Empty description={t("noKeyword")}>
      <Typography.Title level={5}>
        <HistoryOutlined /> {t("recent.title")}
      </Typography.Title>
      <div className={styles.recent} data-testid="search-recent">
        {recent.map((text) => (
          <Button key={text} size="small" autoInsertSpace={false} onClick={() => void navigate(searchPath(text) ?? "/main/searchResult")}>
            {text}
          </Button>
        ))}
        {loaded && recent.length === 0 && <Typography.Text type="secondary">{t("recent.empty")}</Typography.Text>}
      </div>
    </Empty>
  );
}

export default function SearchResult() {
  const { token } = theme.useToken();
  const { t } = useTranslation(["search", "portal"]);
  const { search } = useLocation();
  const keyword = keywordOf(search);
  const { states, settled, generation, load } = useSearchResults(keyword, usePortalClient());
  const [active, setActive] = useState<Kind>(KINDS[0]);
  const [detail, setDetail] = useState<Detail | null>(null);
  // The search (generation) in which the person picked a tab, and the last one already decided.
  const picked = useRef(-1);
  const decided = useRef(0);

  useChangeEffect(() => setDetail(null), [keyword]); // not when the kept-alive page shows again

  // Once the first pages of a search are in: an exact UPN or certificate code opens that record
  // (exactCode.ts); otherwise, unless the person picked a tab meanwhile, a tab with results shows.
  useEffect(() => {
    if (!settled || decided.current === generation) return;
    decided.current = generation;
    const exact = exactCodeRecord(keyword, states.upn.records as SearchUpn[], states.nmpa.records as SearchNmpa[]);
    if (exact) {
      setActive(exact.kind);
      setDetail(exact);
      return;
    }
    if (picked.current === generation || states[active].total > 0) return;
    const first = KINDS.find((kind) => states[kind].total > 0);
    if (first) setActive(first);
  }, [settled, generation, keyword, states, active]);

  const open: OpenRecord = useCallback((kind, record) => setDetail({ kind, record }), []);
  const pick = (key: string) => {
    picked.current = generation;
    setActive(key as Kind);
  };

  return (
    <Card title={t("portal:routes.searchResult")} className={styles.card}>
      {!keyword ? (
        <NoKeyword />
      ) : (
        <SearchTextContext.Provider value={keyword}>
          <Space direction="vertical" size={12} className={styles.page}>
            <Typography.Title level={4} className={styles.heading} data-testid="search-heading">
              {t("heading", { keyword })}
            </Typography.Title>
            {/* The eight tabs wrap onto a second row where they do not fit (a phone, 200% zoom; issue
                21): antd would otherwise put its "more" button inside the tablist, which a tablist
                may not hold (axe aria-required-children), and no prop moves it. */}
            <Tabs
              className={styles.kinds}
              style={{ "--search-tab-accent": token.colorPrimary } as CSSProperties}
              activeKey={active}
              onChange={pick}
              items={KINDS.map((kind) => ({
                key: kind,
                label: (
                  <span data-testid={`search-tab-${kind}`}>
                    {t(`kinds.${kind}`)}
                    <span className={styles.count} data-testid={`search-count-${kind}`}>
                      {countText(states[kind])}
                    </span>
                  </span>
                ),
                children: <KindPanel kind={kind} keyword={keyword} state={states[kind]} onPage={(page, size) => load(kind, page, size)} onOpen={open} />,
              }))}
            />
          </Space>
          <DetailDrawer detail={detail} onClose={() => setDetail(null)} />
        </SearchTextContext.Provider>
      )}
    </Card>
  );
}
