import { useCallback } from "react";
import { useLocation, useNavigate, type NavigateOptions } from "react-router";

import { isSameLocation } from "./guard";

/** useNavigate whose push of the route already shown is silently ignored (spec 2.4). */
export function useNavigateOnce(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (isSameLocation(location, to)) return;
      void navigate(to, options);
    },
    [navigate, location],
  );
}
