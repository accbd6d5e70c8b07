// The last stop of a page that failed to load even after lazyRetry's one reload (spec 8 "lazy
// page load failure"): a message and a button to try again, instead of a blank screen.
import { Component, type ReactNode } from "react";
import { Button } from "antd";

import { i18n } from "../i18n";
import { WarningResult } from "../shared/WarningResult";

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
