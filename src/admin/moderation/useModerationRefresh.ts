import { useInvalidate } from "@refinedev/core";
import { COMMENTS, ROASTS } from "./types";

/** After a review, reply or delete: both moderation lists and every detail read again. */
export function useModerationRefresh() {
  const invalidate = useInvalidate();
  return () =>
    Promise.all([ROASTS, COMMENTS].map((resource) => invalidate({ resource, invalidates: ["all"] }))).then(() => undefined);
}
