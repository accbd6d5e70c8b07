// refine DataProvider over the portal's openapi-fetch client: every refine call is looked up in
// the resource registry and sent to the contract operation declared for it. Answers are
// unwrapped from the { code, data } envelope; failures become refine HttpErrors.
import type {
  BaseKey,
  BaseRecord,
  CreateParams,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetOneParams,
  UpdateParams,
} from "@refinedev/core";

import { SILENT } from "../api/client";
import { currentLanguage, type Language } from "../i18n";
import { generateFilter } from "./filtering";
import { answerError, thrownError } from "./httpError";
import { generatePaging } from "./paging";
import type { PortalClient, ResourceOperations, ResourceRegistry } from "./resource";
import { resourceRegistry } from "./resources";
import { generateSort } from "./sorting";

/** refine's update with this meta.operation calls the resource's status change instead. */
export const STATUS_OPERATION = "status";

export type DataProviderOptions = {
  registry?: ResourceRegistry;
  /** Language of error messages; the i18next instance's language by default. */
  language?: () => Language;
  /** What refine's getApiUrl reports (the client's base URL). */
  apiUrl?: string;
};

type Method = "get" | "post" | "put" | "delete" | "patch" | "head" | "options";
type LooseInit = {
  params?: { query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
};
type Answer = { data?: unknown; error?: unknown; response: Response };
type LooseRequest = (method: Method, url: string, init?: LooseInit) => Promise<Answer>;

type Page = { records?: unknown[]; total?: number };

const isEnvelope = (body: unknown): body is { code: number; data?: unknown } =>
  typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "number";

/** Route params arrive as strings ("/edit/5"); the contract's ids are integers. */
export function toId(id: BaseKey): BaseKey {
  return typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
}

export function createDataProvider(client: PortalClient, options: DataProviderOptions = {}): DataProvider {
  const registry = options.registry ?? resourceRegistry;
  const language = options.language ?? currentLanguage;
  // The declarations were checked against the contract when they compiled; here the provider
  // only carries them as strings, so it calls the client's untyped-by-path request method.
  const request = client.request as unknown as LooseRequest;

  async function call(method: Method, url: string, init: LooseInit = {}): Promise<unknown> {
    let answer: Answer;
    try {
      // SILENT: the failure reaches the person once, through refine's notification of the
      // HttpError thrown below, not also as the client's own toast. 4004 still opens the
      // session-expired dialog (the client does that for silent calls too).
      answer = await request(method, url, { ...init, headers: { ...init.headers, ...SILENT } });
    } catch (error) {
      throw thrownError(error);
    }
    const { data, error, response } = answer;
    if (error !== undefined || !response.ok) throw answerError(answer, language());
    if (!isEnvelope(data)) return data; // a call outside the envelope (custom only)
    if (data.code !== 0) throw answerError(answer, language());
    return data.data;
  }

  function operation<K extends keyof ResourceOperations>(resource: string, kind: K) {
    const definition = registry.get(resource);
    if (!definition) throw new Error(`No resource "${resource}": no operation of the contract is marked x-resource: {name: ${resource}}`);
    const declared = definition[kind];
    if (!declared) throw new Error(`Resource "${resource}" has no ${kind} operation: none is marked x-resource: {name: ${resource}, action: ${kind}}`);
    return declared as NonNullable<ResourceOperations[K]>;
  }

  return {
    getList: async <TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters }: GetListParams) => {
      const body = { ...generateFilter(filters), ...generateSort(sorters), ...generatePaging(pagination) };
      const page = (await call("post", operation(resource, "page"), { body })) as Page | undefined;
      return { data: (page?.records ?? []) as TData[], total: page?.total ?? 0 };
    },

    getOne: async <TData extends BaseRecord = BaseRecord>({ resource, id }: GetOneParams) => {
      const data = await call("get", operation(resource, "getById"), { params: { query: { id: toId(id) } } });
      return { data: data as TData };
    },

    create: async <TData extends BaseRecord = BaseRecord, TVariables = {}>({ resource, variables }: CreateParams<TVariables>) => {
      // Most creates answer the new id; some answer an object holding it (a new user's id and
      // first password), whose fields are kept.
      const answer = await call("post", operation(resource, "create"), { body: variables });
      const created = answer !== null && typeof answer === "object" ? answer : { id: answer };
      return { data: { ...(variables as TVariables & object), ...created } as unknown as TData };
    },

    update: async <TData extends BaseRecord = BaseRecord, TVariables = {}>({ resource, id, variables, meta }: UpdateParams<TVariables>) => {
      const key = toId(id);
      if (meta?.operation === STATUS_OPERATION) {
        const { path, method } = operation(resource, "status");
        const status = (variables as { status?: unknown }).status;
        const init = method === "get" ? { params: { query: { id: key, status } } } : { body: { id: key, status } };
        await call(method, path, init);
        return { data: { id: key, status } as unknown as TData };
      }
      const body = { ...(variables as TVariables & object), id: key };
      await call("put", operation(resource, "update"), { body });
      return { data: body as unknown as TData };
    },

    deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = {}>({ resource, id }: DeleteOneParams<TVariables>) => {
      const key = toId(id);
      await call("delete", operation(resource, "removeById"), { params: { query: { id: key } } });
      return { data: { id: key } as TData };
    },

    custom: async <TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>({
      url,
      method,
      payload,
      query,
      headers,
    }: CustomParams<TQuery, TPayload>) => {
      const data = await call(method, url, {
        params: query ? { query: query as Record<string, unknown> } : undefined,
        body: payload,
        headers: headers as Record<string, string> | undefined,
      });
      return { data: data as TData };
    },

    getApiUrl: () => options.apiUrl ?? "",
  };
}
