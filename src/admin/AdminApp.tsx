// What the app mounts for /main/* when system=stageAdmin (a lazy chunk): antd's <App> (the hook
// message and modal the admin pages use; the toasts bind to it) and refine with its providers
// (AdminRefine) around the admin shell. Tests mount AdminShell inside their own <Refine>.
import type { ReactNode } from "react";
import { App as AntdApp } from "antd";

import { useToastBinding } from "../api/toastBinding";
import { LiveProvider } from "../live/LiveProvider";
import AdminShell from "./AdminShell";
import { AdminMenuGate } from "./AdminMenuGate";
import { AdminRefine } from "./AdminRefine";

function ToastBinding({ children }: { children: ReactNode }) {
  useToastBinding();
  return children;
}

export default function AdminApp() {
  return (
    <AntdApp>
      <ToastBinding>
        <AdminRefine>
          {/* The session's own admin menus first (issue 18): only granted screens, or "no permission". */}
          <AdminMenuGate>
            {(granted) => (
              // The admin home's waiting figures move with the live stream (issue 23).
              <LiveProvider>
                <AdminShell definitions={granted} />
              </LiveProvider>
            )}
          </AdminMenuGate>
        </AdminRefine>
      </ToastBinding>
    </AntdApp>
  );
}
