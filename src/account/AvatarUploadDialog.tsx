// Spec 2.7 "avatar upload dialog", spec 4 upload progress and spec 5 avatar rules: png, jpg, jpeg,
// heif or heic, at most 5 MB, checked when chosen (picFormatTip, picSizeLimit); OK without an
// image says "Please upload image first"; the progress counts 0 to 99 every 20 ms and 100 on
// success; a refusal shows the server's resultMessage (the client's toast). The server checks the
// real type from the bytes and the size again before it stores anything.
import { useEffect, useRef, useState } from "react";
import { Modal, Progress, Typography, Upload } from "antd";
import { InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { useIdentity } from "../auth/hooks";
import { unwrap } from "../api/client";
import { toast } from "../api/toast";
import { DIALOG_GUARD_MS, useClickGuard } from "../shared/clickGuard";
import { loadHeadIcon } from "./avatar";
import { AVATAR_EXTENSIONS, checkAvatarFile, startProgress } from "../shared/upload";
import styles from "./personal.module.css";
import { usePortalClient } from "../api/ClientProvider";

const ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(",");

export function AvatarUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = usePortalClient();
  const { t } = useTranslation("personal");
  const { data: user } = useIdentity();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [blocked, guard] = useClickGuard(DIALOG_GUARD_MS);
  const progress = useRef<ReturnType<typeof startProgress> | null>(null);

  useEffect(() => () => progress.current?.stop(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const reset = () => {
    progress.current?.stop();
    setFile(null);
    setPreview(null);
    setPercent(null);
  };

  const choose = (chosen: File) => {
    const verdict = checkAvatarFile(chosen);
    if (verdict === "format") toast(t("avatar.picFormatTip"), "warning");
    else if (verdict === "size") toast(t("avatar.picSizeLimit"), "warning");
    else {
      setFile(chosen);
      setPercent(null);
      // Browsers cannot draw HEIF/HEIC: show the name instead of a broken picture.
      setPreview(/\.(png|jpe?g)$/i.test(chosen.name) ? URL.createObjectURL(chosen) : null);
    }
    return false; // keep the file here; it is sent on OK
  };

  const submit = async () => {
    if (!file) {
      toast(t("avatar.uploadFirst"), "warning");
      return;
    }
    if (!user) return;
    setUploading(true);
    progress.current = startProgress(setPercent);
    try {
      const uploaded = await unwrap(
        client.POST("/file/upload", {
          body: { file: file as unknown as string },
          bodySerializer: (body) => {
            const form = new FormData();
            form.append("file", body.file as unknown as Blob, file.name);
            return form;
          },
        }),
      );
      if (!uploaded?.fileUrl) throw new Error("no file url");
      const saved = await unwrap(client.POST("/sysUserEx/saveIcon", { body: { fileId: uploaded.id } }));
      progress.current.finish();
      await loadHeadIcon(client, user.id, saved.headIcon);
      toast(t("avatar.saved"), "success");
      reset();
      onClose();
    } catch {
      // The client's toast showed the server's resultMessage; the chosen file stays for another try.
      progress.current.stop();
      setPercent(null);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("avatar.title")}
      okText={t("avatar.ok")}
      cancelText={t("avatar.cancel")}
      okButtonProps={{ disabled: blocked && !uploading, loading: uploading, "data-testid": "avatar-ok" } as never}
      cancelButtonProps={{ disabled: uploading }}
      onOk={guard(() => void submit())}
      onCancel={() => {
        if (uploading) return;
        reset();
        onClose();
      }}
      maskClosable={!uploading}
      destroyOnHidden
    >
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        beforeUpload={choose}
        disabled={uploading}
        data-testid="avatar-input"
      >
        {preview ? (
          <img src={preview} alt={t("avatar.previewAlt")} className={styles.avatarPreview} data-testid="avatar-preview" />
        ) : (
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
        )}
        <p className="ant-upload-text">{file ? file.name : t("avatar.choose")}</p>
        <p className="ant-upload-hint">{t("avatar.hint")}</p>
      </Upload.Dragger>
      {percent !== null && (
        <Progress percent={percent} status={percent === 100 ? "success" : "active"} data-testid="avatar-progress" />
      )}
      <Typography.Text type="secondary" className={styles.avatarNote}>
        {t("avatar.note")}
      </Typography.Text>
    </Modal>
  );
}
