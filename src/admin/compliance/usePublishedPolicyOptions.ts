// The published policies as select options (the campaign list's policy filter): the first hundred
// approved policies by title. A policy not among them shows as #id (the list's rule).
import { usePortalApi } from "../../api/ClientProvider";

export function usePublishedPolicyOptions() {
  const query = usePortalApi().useQuery("post", "/bscPolicy/page", {
    body: { status: 4, page: 1, pageSize: 100, sortField: "title", sortOrder: "asc" },
  });
  const options = (query.data?.data?.records ?? []).map((p) => ({ value: p.id, label: p.title }));
  return { options, loading: query.isLoading };
}
