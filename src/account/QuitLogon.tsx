// quitLogon (spec 2.4): "Are you sure to log out" with Confirm and Cancel. Confirm calls logout;
// when it succeeds the session is cleared and the browser goes to /login (a failure's message is
// shown and the page goes back). Cancel returns to the previous route. Every log-out of the user
// shell comes here (the header's too, issue 21), the header's then ending on /loginCopy.
import { useEffect } from "react";
import { Spin } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

import { useAppSession } from "../auth/SessionProvider";
import { WORKING_SPACE_PATH } from "../navigation/routes";
import { confirmQuitLogon } from "./confirmQuitLogon";
import { logoutDestination } from "./quitLogonDestination";

export default function QuitLogon() {
  const { t } = useTranslation(["portal", "common"]);
  const navigate = useNavigate();
  const location = useLocation();
  const { authProvider } = useAppSession();

  const destination = logoutDestination(location.state);

  useEffect(() => {
    // Opened directly (the app's first entry, key "default"), there is no previous route inside
    // the app - the browser's previous entry may be another site: go to the workspace instead.
    const back = () =>
      location.key === "default" ? void navigate(WORKING_SPACE_PATH, { replace: true }) : void navigate(-1);
    const dialog = confirmQuitLogon(authProvider, t, { destination, onStay: back });
    return () => dialog.destroy();
  }, [authProvider, navigate, location.key, destination, t]);

  return <Spin size="large" />;
}
