// The search box of the help centre: a search text (1..100 characters) with the caller's recent
// searches as chips below it; Enter, the button or a chip opens the result list on page 1.
import { useState } from "react";
import { Button, Input, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { KEYWORD_MAX, type SearchHistory } from "./api";
import { keywordProblem, searchListPath, startList } from "./search";

interface Props {
  history: SearchHistory[];
  historyLoading: boolean;
  initial?: string;
}

export function HelpSearchBox({ history, historyLoading, initial = "" }: Props) {
  const { t } = useTranslation("help");
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<ReturnType<typeof keywordProblem>>(null);

  const search = (value: string) => {
    const found = keywordProblem(value);
    setProblem(found);
    if (found) return;
    const keyword = value.trim();
    startList(t("list.searchResults", { keyword }));
    navigate(searchListPath(keyword));
  };

  return (
    <div>
      <Input.Search
        aria-label={t("home.searchLabel")}
        placeholder={t("home.searchPlaceholder")}
        enterButton={t("home.searchButton")}
        maxLength={KEYWORD_MAX}
        allowClear
        value={text}
        status={problem ? "error" : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? "help-search-problem" : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onSearch={(value, _event, info) => {
          if (info?.source === "clear") return;
          search(value);
        }}
        data-testid="help-search"
      />
      {problem && (
        <Typography.Text type="danger" id="help-search-problem" role="alert">
          {t(`home.${problem}`, { max: KEYWORD_MAX })}
        </Typography.Text>
      )}
      <div style={{ marginTop: 12 }} data-testid="help-history">
        <Typography.Text type="secondary" style={{ marginRight: 8 }}>
          {t("home.history")}:
        </Typography.Text>
        {!historyLoading && history.length === 0 ? (
          <Typography.Text type="secondary">{t("home.noHistory")}</Typography.Text>
        ) : (
          <Space size={[4, 8]} wrap>
            {history.map((item) => (
              <Button
                key={item.id}
                size="small"
                shape="round"
                autoInsertSpace={false}
                onClick={() => {
                  setText(item.keyword);
                  search(item.keyword);
                }}
              >
                {item.keyword}
              </Button>
            ))}
          </Space>
        )}
      </div>
    </div>
  );
}
