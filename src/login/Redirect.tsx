// /redirect/* (spec 2.1): goes to the path after /redirect with the same query, replacing the
// history entry - a route can be re-entered (refreshed) by way of /redirect/main/... .
import { Navigate, useLocation, useParams } from "react-router";

/** The in-app path a /redirect address names; leading slashes collapse, so it stays on this site. */
export function redirectTarget(splat: string | undefined, search: string, hash = ""): string {
  const path = (splat ?? "").replace(/^[/\\]+/, "");
  return `/${path}${search}${hash}`;
}

export default function Redirect() {
  const { "*": splat } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={redirectTarget(splat, search, hash)} replace />;
}
