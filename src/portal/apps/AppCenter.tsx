// App centre (/main/appCenterIndex, spec 2.2, 3, 5, 7.1): every app of the user grouped by tag
// (getLabelAppList), tag chips with "all" and the untagged group, a search-in-page filter,
// favourites (a star; favourites listed first, and together at the top under "all"), each app
// opening its address in a new tab, and the way to Customize.
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, Card, Empty, Input, Radio, Result, Spin, theme } from "antd";
import { SettingOutlined, StarFilled, StarOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";

import { ALL, distinctApps, groupKey, tagName, UNTAGGED, visibleGroups, withFavorite, matchesQuery, type Language, type LabelAppGroup, type PersonalApp } from "./appCentre";
import { fetchLabelGroups, setFavorite } from "./api";
import { AppIcon } from "../../shared/AppIcon";
import { safeHref } from "../../shared/links";
import styles from "./apps.module.css";
import { usePortalClient } from "../../api/ClientProvider";

export const CUSTOMIZE_PATH = "/main/appCenterIndex/customIndex";

function AppTile({ app, onStar, busy }: { app: PersonalApp; onStar: (app: PersonalApp) => void; busy: boolean }) {
  const { t } = useTranslation("apps");
  const { token } = theme.useToken();
  const href = safeHref(app.appUrl);
  const starred = app.favoriteStatus === 1;
  const body = (
    <>
      <AppIcon url={app.appIconUrl} />
      <span className={styles.tileName} title={app.appName}>
        {app.appName}
      </span>
    </>
  );
  return (
    <li className={styles.tile} style={{ background: token.colorFillQuaternary }} data-testid={`app-tile-${app.id}`}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={styles.tileLink} style={{ color: token.colorText }} aria-label={t("centre.open", { name: app.appName })}>
          {body}
        </a>
      ) : (
        <div className={styles.tileLink} style={{ color: token.colorTextDisabled }} title={t("centre.badAddress")}>
          {body}
        </div>
      )}
      <Button
        className={styles.star}
        type="text"
        size="small"
        disabled={busy}
        aria-pressed={starred}
        aria-label={t(starred ? "centre.unstar" : "centre.star", { name: app.appName })}
        icon={starred ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
        onClick={() => onStar(app)}
      />
    </li>
  );
}

function AppGroup({ id, title, apps, onStar, busy }: { id: string; title: string; apps: PersonalApp[]; onStar: (app: PersonalApp) => void; busy: Set<number> }) {
  const headingId = `app-group-title-${id}`;
  return (
    <section className={styles.group} aria-labelledby={headingId} data-testid={`app-group-${id}`}>
      <h3 id={headingId} className={styles.groupTitle}>
        {title} <span style={{ fontWeight: 400, opacity: 0.65 }}>({apps.length})</span>
      </h3>
      <ul className={styles.grid}>
        {apps.map((app) => (
          <AppTile key={app.id} app={app} onStar={onStar} busy={busy.has(app.id)} />
        ))}
      </ul>
    </section>
  );
}

export default function AppCenter() {
  const client = usePortalClient();
  const { t, i18n } = useTranslation("apps");
  const language: Language = i18n.language === "en" ? "en" : "cn";
  const [groups, setGroups] = useState<LabelAppGroup[]>([]);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [chip, setChip] = useState(ALL);
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const navigate = useNavigate();

  const load = useCallback(() => {
    let live = true;
    setState("loading");
    fetchLabelGroups(client)
      .then((rows) => {
        if (!live) return;
        setGroups(rows);
        setState("ready");
      })
      .catch(() => live && setState("failed")); // the toast said why
    return () => {
      live = false;
    };
  }, [client]);
  useEffect(load, [load]);

  const groupTitle = (group: LabelAppGroup) => (group.labelId === null ? t("centre.untagged") : tagName(group, language) || t("centre.unnamedTag"));
  const all = useMemo(() => distinctApps(groups), [groups]);
  const shown = useMemo(() => visibleGroups(groups, chip, query), [groups, chip, query]);
  const favourites = chip === ALL ? all.filter((app) => app.favoriteStatus === 1 && matchesQuery(app, query)) : [];
  // A chip whose group disappeared (after a reload) falls back to "all".
  useEffect(() => {
    if (chip !== ALL && state === "ready" && !groups.some((group) => groupKey(group) === chip)) setChip(ALL);
  }, [chip, groups, state]);

  const star = (app: PersonalApp) => {
    const next = app.favoriteStatus === 1 ? 0 : 1;
    setBusy((ids) => new Set(ids).add(app.id));
    setGroups((rows) => withFavorite(rows, app.id, next)); // shown at once, put back if the save fails
    setFavorite(app.id, next, client)
      .catch(() => setGroups((rows) => withFavorite(rows, app.id, app.favoriteStatus === 1 ? 1 : 0)))
      .finally(() =>
        setBusy((ids) => {
          const left = new Set(ids);
          left.delete(app.id);
          return left;
        }),
      );
  };

  const extra = (
    <div className={styles.toolbar}>
      <Input.Search
        allowClear
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t("centre.searchPlaceholder")}
        aria-label={t("centre.searchLabel")}
        style={{ width: 240 }}
        data-testid="app-centre-search"
      />
      <Button icon={<SettingOutlined />} data-testid="app-centre-customize" onClick={() => navigate(CUSTOMIZE_PATH)}>
        {t("centre.customize")}
      </Button>
    </div>
  );

  let body;
  if (state === "loading") body = <Spin style={{ display: "block", padding: 48 }} aria-label={t("common.loading")} />;
  else if (state === "failed")
    body = (
      <Result
        status="warning"
        title={t("centre.loadFailed")}
        extra={
          <Button type="primary" onClick={load}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  else if (all.length === 0)
    body = (
      <Empty description={t("centre.empty")}>
        <Button type="primary" onClick={() => navigate(CUSTOMIZE_PATH)}>
          {t("centre.customize")}
        </Button>
      </Empty>
    );
  else
    body = (
      <>
        <Radio.Group
          className={styles.chips}
          optionType="button"
          buttonStyle="solid"
          value={chip}
          onChange={(event) => setChip(event.target.value as string)}
          aria-label={t("centre.tagFilter")}
          data-testid="app-centre-chips"
          options={[
            { value: ALL, label: `${t("centre.all")} (${all.length})` },
            ...[...groups]
              .sort((a, b) => Number(a.labelId === null) - Number(b.labelId === null))
              .map((group) => ({ value: groupKey(group), label: `${groupTitle(group)} (${group.apps.length})` })),
          ]}
        />
        {favourites.length > 0 && <AppGroup id="favourites" title={t("centre.favourites")} apps={favourites} onStar={star} busy={busy} />}
        {shown.map((group) => (
          <AppGroup key={groupKey(group)} id={groupKey(group) === UNTAGGED ? UNTAGGED : `tag-${groupKey(group)}`} title={groupTitle(group)} apps={group.apps} onStar={star} busy={busy} />
        ))}
        {shown.length === 0 && <Empty description={t("centre.noMatch")} />}
      </>
    );

  return (
    <Card title={t("centre.title")} extra={extra} data-testid="app-centre">
      {body}
    </Card>
  );
}
