// The typed call hooks over the client context: an answer is the contract's envelope, a body code
// other than 0 is the call's error even with HTTP 200 (the ApiError the person was told), and a
// component outside a ClientProvider is told so instead of reaching for a module's client.
import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { ClientProvider, usePortalApi, usePortalClient } from "./ClientProvider";
import { ApiError } from "./client";
import { envelope, json, testClient } from "./test-support";

function harness(answer: (request: Request) => Response) {
  const t = testClient(answer);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>
      <ClientProvider client={t.client}>{children}</ClientProvider>
    </QueryClientProvider>
  );
  return { ...t, wrapper };
}

describe("usePortalApi", () => {
  it("reads the envelope of a GET through the provided client", async () => {
    const t = harness(() => json(200, envelope(0, "成功", "Success", ["sysUser", "sysRole"])));
    const { result } = renderHook(() => usePortalApi().useQuery("get", "/sysAuditLog/entities"), { wrapper: t.wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.data).toEqual(["sysUser", "sysRole"]);
    expect(t.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["GET /portal-api/sysAuditLog/entities"]);
  });

  it("makes a non-zero body code with HTTP 200 the query's error, told once by the client", async () => {
    const t = harness(() => json(200, envelope(4003, "无权限", "No permission")));
    const { result } = renderHook(() => usePortalApi().useQuery("get", "/sysAuditLog/entities"), { wrapper: t.wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as unknown as ApiError).code).toBe(4003);
    expect(t.notified).toHaveLength(1);
  });

  it("rejects a mutation whose answer carries a failure code, with the body it was given", async () => {
    const t = harness(() => json(200, envelope(400, "参数错误", "Invalid parameters")));
    const { result } = renderHook(() => usePortalApi().useMutation("post", "/talkShow/checkTalkShow"), { wrapper: t.wrapper });
    const error = await result.current.mutateAsync({ body: { id: 5, reviewStatus: 1 } }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(await t.requests[0].clone().json()).toEqual({ id: 5, reviewStatus: 1 });
  });
});

describe("usePortalClient", () => {
  it("is the provided client", () => {
    const t = harness(() => json(200, envelope(0, "", "")));
    const { result } = renderHook(() => usePortalClient(), { wrapper: t.wrapper });
    expect(result.current).toBe(t.client);
  });

  it("needs a ClientProvider above it", () => {
    expect(() => renderHook(() => usePortalClient())).toThrow(/ClientProvider/);
  });
});
