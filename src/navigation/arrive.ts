// The first module main.tsx evaluates (issue 18, item 3): before React renders, before any request
// of the app and before any redirect, the address loses its secrets and spec 2.4's system (with
// sid) is kept in the session. Nothing else may run earlier, so this module imports only the two
// small helpers it needs.
import { captureUrlSession } from "../shared/session";
import { guardHistory, keepArrival, restoreReferrerPolicy, scrubArrivalAddress } from "./addressSecrets";

const arrived = scrubArrivalAddress();
captureUrlSession(arrived ?? window.location.search);
// A later navigation inside the app to an address with a secret: kept as on arrival (for /relogin,
// and system with sid in the session), never written into the address.
guardHistory(window, (pathname, search) => {
  keepArrival(pathname, search);
  captureUrlSession(search);
});
restoreReferrerPolicy();
