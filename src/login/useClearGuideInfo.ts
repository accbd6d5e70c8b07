import { useEffect } from "react";

import { removeSession } from "../shared/session";

/** Spec 2.4: opening baseLogin or loginCopy forgets the onboarding-guide info. */
export function useClearGuideInfo(): void {
  useEffect(() => {
    removeSession("guideInfo");
  }, []);
}
