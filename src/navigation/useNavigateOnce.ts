import { useCallback } from "react";
import { useNavigate, type NavigateOptions } from "react-router";

import { isSameLocation } from "./guard";

/**
 * useNavigate whose push of the address already shown is silently ignored (spec 2.4): every
 * navigation of the user shell's header, sider and tab bar goes through it.
 *
 * It compares with the browser's address, not with the router's location (issue 21): react-router
 * 7's BrowserRouter renders a navigation in a transition, so while the next page's code or data
 * loads, useLocation() still names the page before, and a second click on the same menu entry
 * pushed the same address again (three clicks on 帮助中心 needed four Backs). A kept-alive hidden
 * view's useLocation() is the location it was last shown with, not the address, too.
 */
export function useNavigateOnce(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (isSameLocation(window.location, to)) return;
      void navigate(to, options);
    },
    [navigate],
  );
}
