// Customize (/main/appCenterIndex/customIndex, spec 2.2, 3, 5, 7.1): the apps the user added by
// hand (diyListByUserId) - add, change, remove after a confirmation, and reorder with the up and
// down buttons (saved at once with personalApp/updateBatchById) - and the on-shelf catalogue
// (bscApp/listAll) whose apps the user picks into, or takes out of, their own list.
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, Card, Empty, Input, Modal, Result, Spin, Tag, Tooltip, Typography } from "antd";
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { isAddress, MAX_TAGS, moveItem, sortChanges, tagName, type BscApp, type BscLabel, type Language, type PersonalApp } from "./appCentre";
import { createApp, deleteApp, fetchCatalogue, fetchDiyApps, fetchMyApps, fetchTags, saveAppOrder } from "./api";
import { AppFormDialog } from "./AppFormDialog";
import { AppIcon } from "../../shared/AppIcon";
import styles from "./apps.module.css";
import { usePortalClient } from "../../api/ClientProvider";

export const APP_CENTRE_PATH = "/main/appCenterIndex";

type LoadState = "loading" | "ready" | "failed";
const DEVICE_OF = { all: 0, pc: 2, mobile: 1 } as const;

function Loading() {
  const { t } = useTranslation("apps");
  return <Spin style={{ display: "block", padding: 32 }} aria-label={t("common.loading")} />;
}

function Failed({ title, retry }: { title: string; retry: () => void }) {
  const { t } = useTranslation("apps");
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button type="primary" onClick={retry}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}

/** The apps added by hand, with add, change, remove and reorder. */
function MyApps({ tags, tagsFailed, onChanged }: { tags: BscLabel[]; tagsFailed: boolean; onChanged: () => void }) {
  const client = usePortalClient();
  const { t, i18n } = useTranslation("apps");
  const language: Language = i18n.language === "en" ? "en" : "cn";
  const [apps, setApps] = useState<PersonalApp[]>([]);
  const [state, setState] = useState<LoadState>("loading");
  const [editing, setEditing] = useState<PersonalApp | null | undefined>(undefined);
  const [moving, setMoving] = useState(false);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const tagById = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);

  const load = useCallback(() => {
    setState((current) => (current === "ready" ? current : "loading"));
    fetchDiyApps(client)
      .then((rows) => {
        setApps([...rows].sort((a, b) => a.appSort - b.appSort || a.id - b.id));
        setState("ready");
      })
      .catch(() => setState("failed"));
  }, [client]);
  useEffect(load, [load]);

  // After a move the pressed button keeps the focus (or its twin when it became disabled).
  useEffect(() => {
    if (!focusAfter) return;
    const [direction, id] = focusAfter.split(":");
    const button = document.getElementById(`app-move-${direction}-${id}`) as HTMLButtonElement | null;
    const other = document.getElementById(`app-move-${direction === "up" ? "down" : "up"}-${id}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
    setFocusAfter(null);
  }, [focusAfter, apps]);

  // While a move is saved the buttons stay focusable (the focus follows the moved row) but do nothing.
  const move = (index: number, delta: -1 | 1) => {
    if (moving) return;
    const before = apps;
    const reordered = moveItem(apps, index, index + delta);
    const changes = sortChanges(reordered, (app) => app.appSort);
    const bySort = new Map(changes.map((change) => [change.id, change.sort]));
    setApps(reordered.map((app) => (bySort.has(app.id) ? { ...app, appSort: bySort.get(app.id)! } : app)));
    setFocusAfter(`${delta < 0 ? "up" : "down"}:${apps[index].id}`);
    setMoving(true);
    saveAppOrder(changes, client)
      .then(onChanged)
      .catch(() => setApps(before)) // the toast said why; the old order is back
      .finally(() => setMoving(false));
  };

  const remove = (app: PersonalApp) => {
    void modal.confirm({
      title: t("custom.removeTitle"),
      content: t("custom.removeConfirm", { name: app.appName }),
      okText: t("common.remove"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () =>
        deleteApp(app.id, client)
          .then(() => {
            toast(t("common.removed"), "success");
            setApps((rows) => rows.filter((row) => row.id !== app.id));
            onChanged();
          })
          .catch(() => undefined), // the toast said why; the app stays
    });
  };

  let body;
  if (state === "loading") body = <Loading />;
  else if (state === "failed") body = <Failed title={t("custom.loadFailed")} retry={load} />;
  else if (apps.length === 0) body = <Empty description={t("custom.empty")} />;
  else
    body = (
      <ol className={styles.rows} aria-label={t("custom.mineTitle")} data-testid="custom-my-apps">
        {apps.map((app, index) => (
          <li key={app.id} className={styles.row} data-testid={`custom-app-${app.id}`}>
            <AppIcon url={app.appIconUrl} size={32} />
            <div className={styles.rowMain}>
              <Typography.Text strong className={styles.rowText} title={app.appName}>
                {app.appName}
              </Typography.Text>
              <Typography.Text type="secondary" className={styles.rowText} title={app.appUrl}>
                {app.appUrl}
              </Typography.Text>
              <div>
                {(app.labelIds ?? []).map((id) => {
                  const tag = tagById.get(id);
                  return tag ? <Tag key={id}>{tagName(tag, language)}</Tag> : null;
                })}
              </div>
            </div>
            <div className={styles.rowActions}>
              <Tooltip title={t("custom.moveUp")}>
                <Button id={`app-move-up-${app.id}`} icon={<ArrowUpOutlined />} aria-label={t("custom.moveUpLabel", { name: app.appName })} disabled={index === 0} onClick={() => move(index, -1)} />
              </Tooltip>
              <Tooltip title={t("custom.moveDown")}>
                <Button
                  id={`app-move-down-${app.id}`}
                  icon={<ArrowDownOutlined />}
                  aria-label={t("custom.moveDownLabel", { name: app.appName })}
                  disabled={index === apps.length - 1}
                  onClick={() => move(index, 1)}
                />
              </Tooltip>
              <Button icon={<EditOutlined />} aria-label={t("custom.editLabel", { name: app.appName })} onClick={() => setEditing(app)}>
                {t("common.edit")}
              </Button>
              <Button danger icon={<DeleteOutlined />} aria-label={t("custom.removeLabel", { name: app.appName })} onClick={() => remove(app)}>
                {t("common.remove")}
              </Button>
            </div>
          </li>
        ))}
      </ol>
    );

  return (
    <Card
      title={t("custom.mineTitle")}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="custom-add">
          {t("custom.add")}
        </Button>
      }
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary">{t("custom.mineIntro", { max: MAX_TAGS })}</Typography.Paragraph>
      {body}
      {modalHolder}
      <AppFormDialog
        open={editing !== undefined}
        app={editing ?? null}
        tags={tags}
        tagsFailed={tagsFailed}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          load();
          onChanged();
        }}
      />
    </Card>
  );
}

/** The on-shelf catalogue: pick an app into the user's list, or take a picked one out. */
function Catalogue({ version }: { version: number }) {
  const client = usePortalClient();
  const { t } = useTranslation("apps");
  const [catalogue, setCatalogue] = useState<BscApp[]>([]);
  const [mine, setMine] = useState<PersonalApp[]>([]);
  const [state, setState] = useState<LoadState>("loading");
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState<number | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const load = useCallback(() => {
    setState((current) => (current === "ready" ? current : "loading"));
    Promise.all([fetchCatalogue(client), fetchMyApps(client)])
      .then(([rows, own]) => {
        setCatalogue(rows);
        setMine(own);
        setState("ready");
      })
      .catch(() => setState("failed"));
  }, [client]);
  useEffect(load, [load, version]);

  const pickedOf = useMemo(() => new Map(mine.filter((app) => app.appId !== null && app.appId !== undefined).map((app) => [app.appId!, app])), [mine]);
  const text = query.trim().toLocaleLowerCase();
  const shown = catalogue.filter(
    (app) => !text || app.name.toLocaleLowerCase().includes(text) || app.keyword.toLocaleLowerCase().includes(text) || (app.description ?? "").toLocaleLowerCase().includes(text),
  );

  const pick = (app: BscApp) => {
    setBusy(app.id);
    createApp({
      appId: app.id,
      appName: app.name.slice(0, 100),
      appUrl: app.url,
      appIconUrl: isAddress(app.image) ? app.image : null,
      pcOrH5Status: DEVICE_OF[app.userDevice],
      labelIds: (app.labelIds ?? []).slice(0, MAX_TAGS),
    }, client)
      .then(() => {
        toast(t("catalogue.picked", { name: app.name }), "success");
        load();
      })
      .catch(() => undefined) // the toast said why
      .finally(() => setBusy(null));
  };

  const unpick = (app: BscApp, own: PersonalApp) => {
    void modal.confirm({
      title: t("catalogue.unpickTitle"),
      content: t("catalogue.unpickConfirm", { name: app.name }),
      okText: t("common.remove"),
      okButtonProps: { danger: true },
      cancelText: t("common.cancel"),
      onOk: () =>
        deleteApp(own.id, client)
          .then(() => {
            toast(t("common.removed"), "success");
            load();
          })
          .catch(() => undefined),
    });
  };

  let body;
  if (state === "loading") body = <Loading />;
  else if (state === "failed") body = <Failed title={t("catalogue.loadFailed")} retry={load} />;
  else if (catalogue.length === 0) body = <Empty description={t("catalogue.empty")} />;
  else if (shown.length === 0) body = <Empty description={t("catalogue.noMatch")} />;
  else
    body = (
      <ul className={styles.rows} data-testid="custom-catalogue">
        {shown.map((app) => {
          const own = pickedOf.get(app.id);
          return (
            <li key={app.id} className={styles.row} data-testid={`catalogue-app-${app.id}`}>
              <AppIcon url={app.image} size={32} />
              <div className={styles.rowMain}>
                <Typography.Text strong className={styles.rowText} title={app.name}>
                  {app.name}
                </Typography.Text>
                <Typography.Text type="secondary" className={styles.rowText} title={app.description ?? app.url}>
                  {app.description || app.url}
                </Typography.Text>
              </div>
              <div className={styles.rowActions}>
                {own ? (
                  <>
                    <Tag icon={<CheckOutlined />} color="success">
                      {t("catalogue.inMyApps")}
                    </Tag>
                    {/* The name starts with the word shown (WCAG 2.5.3), kept whole: no space put between its two characters. */}
                    <Button autoInsertSpace={false} aria-label={t("catalogue.unpickLabel", { name: app.name })} onClick={() => unpick(app, own)}>
                      {t("common.remove")}
                    </Button>
                  </>
                ) : (
                  <Button type="primary" ghost icon={<PlusOutlined />} loading={busy === app.id} aria-label={t("catalogue.pickLabel", { name: app.name })} onClick={() => pick(app)}>
                    {t("catalogue.pick")}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Card
      title={t("catalogue.title")}
      extra={<Input.Search allowClear value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t("catalogue.searchPlaceholder")} aria-label={t("catalogue.searchLabel")} style={{ width: 220 }} />}
    >
      <Typography.Paragraph type="secondary">{t("catalogue.intro")}</Typography.Paragraph>
      {body}
      {modalHolder}
    </Card>
  );
}

export default function CustomIndex() {
  const client = usePortalClient();
  const { t } = useTranslation("apps");
  const navigate = useNavigate();
  const [tags, setTags] = useState<BscLabel[]>([]);
  const [tagsFailed, setTagsFailed] = useState(false);
  // Changes to the user's own list reload the catalogue's "in my apps" marks.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    fetchTags(client)
      .then((rows) => live && setTags(rows))
      .catch(() => live && setTagsFailed(true));
    return () => {
      live = false;
    };
  }, [client]);

  return (
    <div data-testid="custom-index">
      <div style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(APP_CENTRE_PATH)} data-testid="custom-back">
          {t("custom.back")}
        </Button>
      </div>
      <MyApps tags={tags} tagsFailed={tagsFailed} onChanged={() => setVersion((v) => v + 1)} />
      <Catalogue version={version} />
    </div>
  );
}
