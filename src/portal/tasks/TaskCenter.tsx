// Issue 6 builds this page; until then it shows the shell's "not built yet" page.
import PendingPage from "../pages/PendingPage";

export default function TaskCenter() {
  return <PendingPage />;
}
