// /main/workingSpace (spec 2.7, 4): the card grid people arrange themselves. The modes (normal,
// edit, remove-card, add-card, revert) come one at a time; edit mode drags and resizes with the
// mouse or the keyboard; each screen-size breakpoint keeps its own saved arrangement.
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button, Skeleton } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from "react-grid-layout";
import "react-grid-layout/css/styles.css";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { retryingImport } from "../../shared/lazyRetry";
import { openConfirm } from "../../shared/confirm";
import { WIDGETS } from "../widgets";
import { CardShell } from "./CardShell";
import {
  COLS,
  GAP,
  addTileSlot,
  applyGrid,
  breakpointOf,
  compactCards,
  defaultLayout,
  gridLayout,
  keyMoveOf,
  rowHeightFor,
  stepLayout,
  type Card,
  type Geometry,
  type ModelCode,
} from "./layoutModel";
import { canEnter, restingMode, type Mode } from "./modes";
import { Toolbar } from "./Toolbar";
import { WorkspaceToRead } from "../help/toRead/ToReadBadge";
import { useVisibleHeight } from "./useVisibleHeight";
import { useWorkspaceLayout } from "./useWorkspaceLayout";
import styles from "./workspace.module.css";

// The add-card dialog (antd Modal, Checkbox) loads when first opened, not with the workspace (issue
// 9); it stays mounted after that, so it closes with its animation.
const AddCardDialog = lazy(retryingImport(() => import("./AddCardDialog").then((module) => ({ default: module.AddCardDialog }))));

/** The add-card tile's key on the grid (no card type is called this). */
const ADD_TILE = "add-tile";

export default function WorkingSpace() {
  const { t } = useTranslation("workspace");
  const { width: measured, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  // A hidden tab measures 0 wide: keep the last real width so the breakpoint does not jump. Before
  // the first measurement the hook reports a made-up 1280: no breakpoint (nor its layout) from that.
  const lastWidth = useRef(0);
  if (mounted && measured > 0) lastWidth.current = measured;
  const width = lastWidth.current;
  // Rows follow the screen: the visible height is SCREEN_ROWS rows, so the default layout fills it
  // without scrolling (a page that scrolls by even a pixel also closes the tab context menu).
  const height = useVisibleHeight(containerRef, measured);
  const geometry: Geometry = { width, rowHeight: rowHeightFor(height) };
  const bp = width && height ? breakpointOf(width) : null;
  const { cards, save, remove, reload, reset } = useWorkspaceLayout(bp, geometry);

  const [mode, setMode] = useState<Mode>("normal");
  const [draft, setDraft] = useState<Card[] | null>(null);
  const [selected, setSelected] = useState<ModelCode[]>([]);
  const [adding, setAdding] = useState(false);
  const [addDialogWanted, setAddDialogWanted] = useState(false);
  if (adding && !addDialogWanted) setAddDialogWanted(true);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const shown = draft ?? cards;
  const visibleCount = cards?.filter((c) => !c.hidden).length ?? 4;
  const rest = useCallback(() => setMode(restingMode(visibleCount)), [visibleCount]);

  const visibleRef = useRef(visibleCount);
  visibleRef.current = visibleCount;
  // Changing route resets every mode: a kept-alive page runs this again when its tab shows again.
  useEffect(() => {
    setDraft(null);
    setSelected([]);
    setAdding(false);
    setMode(restingMode(visibleRef.current));
  }, []);
  // Spec 4: fewer than four cards shown switches add-card mode on (only from a resting mode).
  useEffect(() => setMode((m) => (m === "normal" || m === "add" ? restingMode(visibleCount) : m)), [visibleCount]);

  const titleOf = (code: ModelCode) => t(WIDGETS[code].titleKey, { ns: "widgets" });
  const done = () => toast(t("operateSuccess"), "success");

  const enter = (next: "edit" | "remove" | "add" | "revert") => {
    if (!cards || !canEnter(mode, next)) {
      if (next === "add" && mode === "add") setAdding(true);
      return;
    }
    setMode(next);
    if (next === "edit") setDraft(compactCards(cards, geometry));
    if (next === "remove") setSelected([]);
    if (next === "add") setAdding(true);
    if (next === "revert")
      openConfirm({
        title: t("revert.title"),
        content: t("revert.content"),
        okText: t("common:actions.ok"),
        cancelText: t("common:actions.cancel"),
        onOk: async () => {
          await reset();
          done();
          setMode("normal");
        },
        onCancel: rest,
      });
  };

  const cancel = async () => {
    if (mode === "remove") {
      setBusy(true);
      await reload(); // spec 4: cancelling remove-card mode reloads
      setBusy(false);
    }
    setDraft(null);
    setSelected([]);
    rest();
  };

  const ok = async () => {
    if (mode === "edit" && draft) {
      setBusy(true);
      await save(draft);
      setBusy(false);
      setDraft(null);
      done();
      setMode(restingMode(draft.filter((c) => !c.hidden).length));
      return;
    }
    if (mode === "remove") {
      if (selected.length === 0) return toast(t("remove.none"), "warning");
      openConfirm({
        title: t("remove.title", { count: selected.length }),
        content: selected.map(titleOf).join(t("remove.separator")),
        okText: t("common:actions.ok"),
        okButtonProps: { danger: true },
        cancelText: t("common:actions.cancel"),
        onOk: async () => {
          setBusy(true);
          await remove(selected);
          setBusy(false);
          setSelected([]);
          done();
          setMode("add"); // at least one card fewer than four now
        },
      });
    }
  };

  const addCards = async (codes: ModelCode[]) => {
    if (!cards || !bp) return;
    const fallback = defaultLayout(bp, geometry);
    const next = cards.map((c) => {
      if (!codes.includes(c.modelCode)) return c;
      const home = fallback.find((f) => f.modelCode === c.modelCode)!;
      return c.id ? { ...c, hidden: false } : { ...home, id: c.id };
    });
    setAdding(false);
    setBusy(true);
    await save(next);
    setBusy(false);
    done();
    setMode(restingMode(next.filter((c) => !c.hidden).length));
  };

  const onKey = (code: ModelCode) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = keyMoveOf(event.key, event.shiftKey);
    if (!move || !draft) return;
    event.preventDefault();
    const next = stepLayout(gridLayout(draft, geometry), code, move, geometry);
    const item = next.find((l) => l.i === code)!;
    setDraft(applyGrid(draft, next));
    const title = titleOf(code);
    setAnnouncement(
      move.kind === "move"
        ? t("announce.moved", { title, column: item.x + 1, row: item.y + 1 })
        : t("announce.resized", { title, width: item.w, height: item.h }),
    );
  };

  // The draft follows the grid only where a person dragged or resized with the pointer: the final,
  // compacted layout of that drag. The grid's onLayoutChange is not used: it also fires from an
  // effect after the grid syncs its own state to a new layout prop, and on a busy machine that
  // echo can carry the layout before the latest keyboard step and undo it (seen in CI).
  const onPointerStop = (layout: Layout) => {
    setDragging(false);
    if (mode === "edit") setDraft((d) => (d ? applyGrid(d, layout) : d));
  };

  const editing = mode === "edit";
  // In add-card mode the tile fills the hole a hidden card left on the screen (issue 21).
  const tile = mode === "add" && shown?.some((c) => c.hidden) ? addTileSlot(shown, geometry) : null;
  return (
    <div className={styles.page} data-testid="working-space" data-breakpoint={bp ?? ""}>
      {/* Issue 24: the caller's pending read requests, one line with a link to the list. */}
      <WorkspaceToRead />
      <Toolbar mode={mode} busy={busy} selectedCount={selected.length} onEnter={enter} onCancel={() => void cancel()} onOk={() => void ok()} />
      <p id="workspace-key-help" className={styles.srOnly}>
        {t("card.keyHelp")}
      </p>
      <div role="status" aria-live="polite" className={styles.srOnly} data-testid="ws-announce">
        {announcement}
      </div>
      <div ref={containerRef} className={`${styles.gridArea} ${dragging ? styles.dragging : ""}`}>
        {!shown || !mounted || !width ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <ReactGridLayout
            width={width}
            layout={tile ? [...gridLayout(shown, geometry), { i: ADD_TILE, ...tile, static: true }] : gridLayout(shown, geometry)}
            gridConfig={{ cols: COLS, rowHeight: geometry.rowHeight, margin: [GAP, GAP] }}
            dragConfig={{ enabled: editing, cancel: ".workspace-no-drag" }}
            resizeConfig={{ enabled: editing, handles: ["se", "e", "s"] }}
            compactor={verticalCompactor}
            onDragStart={() => setDragging(true)}
            onDragStop={onPointerStop}
            onResizeStart={() => setDragging(true)}
            onResizeStop={onPointerStop}
          >
            {shown
              .filter((c) => !c.hidden)
              .map((c) => (
                <div key={c.modelCode} className={styles.item} data-testid={`grid-item-${c.modelCode}`}>
                  <CardShell
                    modelCode={c.modelCode}
                    mode={mode}
                    selected={selected.includes(c.modelCode)}
                    onHide={() => setDraft((d) => d && d.map((x) => (x.modelCode === c.modelCode ? { ...x, hidden: true } : x)))}
                    onToggleSelect={() =>
                      setSelected((s) => (s.includes(c.modelCode) ? s.filter((x) => x !== c.modelCode) : [...s, c.modelCode]))
                    }
                    onKey={onKey(c.modelCode)}
                  />
                </div>
              ))}
            {tile && (
              <div key={ADD_TILE} className={styles.item}>
                <Button type="dashed" icon={<PlusOutlined />} className={styles.addTile} onClick={() => setAdding(true)} data-testid="ws-add-tile">
                  {t("toolbar.addTile")}
                </Button>
              </div>
            )}
          </ReactGridLayout>
        )}
      </div>
      {addDialogWanted && (
        <Suspense fallback={null}>
          <AddCardDialog
            open={adding}
            available={(cards ?? []).filter((c) => c.hidden).map((c) => c.modelCode)}
            onDone={(codes) => void addCards(codes)}
            onClose={() => {
              setAdding(false);
              rest();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
