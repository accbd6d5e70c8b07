// Issue 23: following a help-centre folder. A person who follows a folder hears (the bell) when a
// policy in it, or in a folder below it, is published or approved again. The follows are read once
// with the home; a toggle shows its new state at once and puts it back when the save fails (the
// client's toast says why). Until the follows are known no toggle is shown: a "Follow" that might be
// wrong is worse than none.
import { useCallback, useMemo, useState } from "react";
import { BellFilled, BellOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";

import type { PortalClient } from "../../api/client";
import { fetchFollowedFolders, setFolderFollow } from "./api";
import { useLoad } from "./useLoad";

export interface FolderFollows {
  /** The followed folder ids, or null while unknown (loading or failed). */
  followed: ReadonlySet<number> | null;
  /** Folders whose save is under way. */
  saving: ReadonlySet<number>;
  toggle: (folderId: number) => void;
}

export function useFolderFollows(client: PortalClient): FolderFollows {
  const { state, setData } = useLoad(() => fetchFollowedFolders(client), [client]);
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (folderId: number) => {
      const ids = state.data;
      if (!ids || saving.has(folderId)) return;
      const follow = !ids.includes(folderId);
      const flip = (list: number[]) => (follow ? [...list.filter((id) => id !== folderId), folderId] : list.filter((id) => id !== folderId));
      const unflip = (list: number[]) => (follow ? list.filter((id) => id !== folderId) : [...list.filter((id) => id !== folderId), folderId]);
      setData(flip);
      setSaving((s) => new Set(s).add(folderId));
      setFolderFollow(folderId, follow, client).then(
        (after) => setData(() => after),
        () => setData(unflip), // the client's toast said why
      ).finally(() =>
        setSaving((s) => {
          const next = new Set(s);
          next.delete(folderId);
          return next;
        }),
      );
    },
    [state.data, saving, setData, client],
  );
  return useMemo(() => ({ followed: state.data ? new Set(state.data) : null, saving, toggle }), [state.data, saving, toggle]);
}

export function FollowFolderButton({ folderId, folderName, follows }: { folderId: number; folderName: string; follows: FolderFollows }) {
  const { t } = useTranslation("help");
  if (!follows.followed) return null;
  const on = follows.followed.has(folderId);
  const label = t(on ? "follow.following" : "follow.follow");
  return (
    <Button
      size="small"
      type={on ? "primary" : "default"}
      ghost={on}
      icon={on ? <BellFilled /> : <BellOutlined />}
      aria-pressed={on}
      aria-label={t("follow.name", { state: label, folder: folderName })}
      loading={follows.saving.has(folderId)}
      data-testid={`follow-folder-${folderId}`}
      style={{ marginInlineStart: 8 }}
      onClick={(event) => {
        event.stopPropagation(); // the tree row must not take the click
        follows.toggle(folderId);
      }}
    >
      {label}
    </Button>
  );
}
