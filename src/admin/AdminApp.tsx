// What the app mounts for /main/* when system=stageAdmin (a lazy chunk): antd's <App> (the hook
// message and modal the admin pages use; the toasts bind to it) and refine with its providers
// (AdminRefine) around the admin shell. Tests mount AdminShell inside their own <Refine>.
import type { ReactNode } from "react";
import { App as AntdApp } from "antd";

import { useToastBinding } from "../api/toastBinding";
import AdminShell from "./AdminShell";
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
          <AdminShell />
        </AdminRefine>
      </ToastBinding>
    </AntdApp>
  );
}
