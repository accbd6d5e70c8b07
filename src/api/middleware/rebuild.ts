// A Request's URL is read-only, and `new Request(url, request)` silently drops a streamed body,
// so moving a request to another host copies the body out first (JSON, form data and files alike).
export async function withUrl(request: Request, url: string): Promise<Request> {
  const body = request.body === null ? undefined : await request.arrayBuffer();
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
    mode: request.mode,
  });
}
