// What the app mounts for /main/* when system=stageAdmin (a lazy chunk): refine with its providers
// (AdminRefine) around the admin shell. Tests mount AdminShell inside their own <Refine>.
import AdminShell from "./AdminShell";
import { AdminRefine } from "./AdminRefine";

export default function AdminApp() {
  return (
    <AdminRefine>
      <AdminShell />
    </AdminRefine>
  );
}
