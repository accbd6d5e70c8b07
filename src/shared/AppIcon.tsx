// An app's icon: its address when http(s) or a path of the portal, the default icon when the icon
// is missing, unsafe or fails to load (spec 2.7).
import { useState } from "react";
import { theme } from "antd";
import { AppstoreOutlined } from "@ant-design/icons";

import { safeHref } from "./links";

export function AppIcon({ url, size = 40 }: { url: string | null | undefined; size?: number }) {
  const { token } = theme.useToken();
  const [broken, setBroken] = useState<string | null>(null);
  const src = safeHref(url);
  if (!src || broken === src)
    return <AppstoreOutlined data-testid="app-default-icon" aria-hidden style={{ fontSize: size - 6, color: token.colorPrimary }} />;
  return <img src={src} alt="" width={size} height={size} style={{ objectFit: "contain" }} onError={() => setBroken(src)} />;
}
