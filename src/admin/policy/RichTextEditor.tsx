// The policy content editor: a contentEditable area with a small toolbar (bold, italic, underline,
// lists, link, picture). No editor dependency: the server sanitises whatever is saved
// (lib/html.ts). Pictures are uploaded with uploadPicture (at most 50 MB, spec 5) and stored in the
// content by their API address; as that address is served only with the session headers, the
// editor shows each one from an object URL and writes the stored address back on every change.
import { useEffect, useRef, useState } from "react";
import { Button, Input, Modal, Space, Tooltip } from "antd";
import {
  BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnderlineOutlined, UnorderedListOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { sanitizeHtml } from "../../shared/sanitize";
import { storedFileUrl, uploadPicture } from "./api";
import { usePortalClient } from "../../api/ClientProvider";

const STORED = /\/fileInfoEx\/downloadFile\?id=(\d+)$/;
export const PICTURE_MAX_BYTES = 50 * 1024 * 1024;

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  "aria-invalid"?: boolean;
}

export function RichTextEditor({ value = "", onChange, id, ...rest }: Props) {
  const client = usePortalClient();
  const { t } = useTranslation("adminPolicy");
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** What this editor last emitted: a value equal to it is ours, not a new one to load. */
  const emitted = useRef<string | null>(null);
  /** object URL shown -> stored address saved. */
  const shown = useRef(new Map<string, string>());
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState("https://");
  const [uploading, setUploading] = useState(false);
  const selection = useRef<Range | null>(null);

  const html = () => {
    const copy = area.current!.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("img").forEach((img) => {
      const stored = shown.current.get(img.getAttribute("src") ?? "");
      if (stored) img.setAttribute("src", stored);
    });
    const text = copy.textContent?.trim() ?? "";
    return text || copy.querySelector("img") ? copy.innerHTML : "";
  };

  const emit = () => {
    const next = html();
    emitted.current = next;
    onChange?.(next);
  };

  useEffect(() => {
    const el = area.current;
    if (!el || value === emitted.current) return;
    // The server sanitised what it stored; the browser does it again before the markup is live, as
    // the help centre does, so a sanitiser gap on the server is not a script in the editor.
    el.innerHTML = sanitizeHtml(value);
    emitted.current = value;
    let cancelled = false;
    el.querySelectorAll("img").forEach((img) => {
      const src = img.getAttribute("src") ?? "";
      const m = STORED.exec(src);
      if (!m) return;
      void storedFileUrl(client, Number(m[1])).then((url) => {
        if (!url || cancelled) return;
        shown.current.set(url, src);
        img.setAttribute("src", url);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [client, value]);

  useEffect(() => () => shown.current.forEach((_, url) => URL.revokeObjectURL(url)), []);

  const keepSelection = () => {
    const sel = window.getSelection();
    if (sel && sel.rangeCount && area.current?.contains(sel.anchorNode)) selection.current = sel.getRangeAt(0);
  };
  const restoreSelection = () => {
    area.current?.focus();
    const sel = window.getSelection();
    if (selection.current && sel) {
      sel.removeAllRanges();
      sel.addRange(selection.current);
    }
  };

  const exec = (command: string, arg?: string) => {
    restoreSelection();
    document.execCommand(command, false, arg);
    emit();
  };

  const pickPicture = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) {
      toast(t("editor.pictureTooLarge"), "error");
      return;
    }
    setUploading(true);
    try {
      const { fileUrl } = await uploadPicture(client, file);
      const local = URL.createObjectURL(file);
      shown.current.set(local, fileUrl);
      exec("insertImage", local);
    } catch {
      // The client's toast said why (size, type, network); spec 5's upload failure message.
    } finally {
      setUploading(false);
    }
  };

  const tools = [
    { key: "bold", icon: <BoldOutlined />, run: () => exec("bold") },
    { key: "italic", icon: <ItalicOutlined />, run: () => exec("italic") },
    { key: "underline", icon: <UnderlineOutlined />, run: () => exec("underline") },
    { key: "bulleted", icon: <UnorderedListOutlined />, run: () => exec("insertUnorderedList") },
    { key: "numbered", icon: <OrderedListOutlined />, run: () => exec("insertOrderedList") },
    {
      key: "link",
      icon: <LinkOutlined />,
      run: () => {
        keepSelection();
        setLinkOpen(true);
      },
    },
    {
      key: "picture",
      icon: <PictureOutlined />,
      run: () => {
        keepSelection();
        fileInput.current?.click();
      },
    },
  ];

  return (
    <div style={{ border: "1px solid #d9d9d9", borderRadius: 6 }}>
      <Space size={2} wrap role="toolbar" aria-label={t("editor.toolbar")} style={{ padding: 4, borderBottom: "1px solid #f0f0f0", width: "100%" }}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(`editor.${tool.key}`)}>
            <Button
              size="small"
              type="text"
              icon={tool.icon}
              aria-label={t(`editor.${tool.key}`)}
              loading={tool.key === "picture" && uploading}
              onMouseDown={(e) => {
                e.preventDefault(); // keep the text selection in the editor
                keepSelection();
              }}
              onClick={tool.run}
            />
          </Tooltip>
        ))}
      </Space>
      <div
        id={id}
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={t("fields.content")}
        aria-invalid={rest["aria-invalid"]}
        contentEditable
        suppressContentEditableWarning
        data-testid="policy-content-editor"
        onInput={emit}
        onBlur={() => {
          keepSelection();
          emit();
        }}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
        style={{ minHeight: 180, maxHeight: 360, overflow: "auto", padding: "8px 11px", outline: "none" }}
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/gif,image/webp,image/heif,image/heic"
        onChange={(e) => {
          void pickPicture(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <Modal
        open={linkOpen}
        title={t("editor.link")}
        okText={t("actions.ok")}
        cancelText={t("actions.cancel")}
        onCancel={() => setLinkOpen(false)}
        onOk={() => {
          setLinkOpen(false);
          if (/^(https?:\/\/|mailto:|\/)/i.test(link.trim())) exec("createLink", link.trim());
          else toast(t("editor.badLink"), "warning");
        }}
        destroyOnHidden
      >
        <Input value={link} onChange={(e) => setLink(e.target.value)} aria-label={t("editor.linkAddress")} autoFocus />
      </Modal>
    </div>
  );
}
