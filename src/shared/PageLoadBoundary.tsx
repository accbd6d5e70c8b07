// The last stop of a page that failed to load even after lazyRetry's one reload (spec 8 "lazy
// page load failure"), or that threw while rendering: a message and a button to try again, instead
// of a blank screen. Every lazy page (lazyRetry.ts lazyPage) and every admin page (admin/crud/
// registry.tsx) has one of its own, so the shell around a failed page keeps working; the one
// around the whole app (App.tsx) is the last resort. It and WarningResult are in the entry bundle:
// showing them needs nothing from the server.
import { Component, type ReactNode } from "react";
import { Button } from "antd";

import { i18n } from "../i18n";
import { WarningResult } from "./WarningResult";

type State = { failed: boolean };

export class PageLoadBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error("page failed to load", error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <WarningResult
        title={i18n.t("common:pageLoad.failed")}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t("common:pageLoad.retry")}
          </Button>
        }
      />
    );
  }
}
