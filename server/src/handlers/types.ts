import type { FastifyReply, FastifyRequest } from "fastify";
import type { operations } from "../../../src/api/schema.d.ts";
import type { OPERATION_TAGS, OperationTag } from "../generated/operationTags.ts";

// Handler types come from the contract (src/api/schema.d.ts, generated from openapi/), never from
// hand-written DTOs: a handler of operation K sees exactly K's body and query, and must answer K's
// success body, so a wrong answer shape fails `npm run typecheck` (issue 22 item 3), not only the
// runtime fuzz.

export type OperationId = keyof operations;

// A JSON body is the contract's; a form or multipart body is what its content-type parser makes of
// it (plugins), which the handler declares itself, so the map leaves it open.
type JsonBody<O> = O extends { requestBody?: { content: infer C } }
  ? C extends { "application/json": infer B }
    ? B
    : any
  : undefined;
type Params<O> = O extends { parameters: { path?: infer P } } ? ([NonNullable<P>] extends [never] ? unknown : NonNullable<P>) : unknown;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : Record<string, never>;

export type OpRequest<K extends OperationId> = FastifyRequest & {
  body: JsonBody<operations[K]>;
  query: Query<operations[K]>;
  params: Params<operations[K]>;
};

type Responses<K extends OperationId> = operations[K] extends { responses: infer R } ? R : never;
type SuccessCode = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 300 | 301 | 302 | 303 | 304 | 307 | 308;
type SuccessResponses<K extends OperationId> = Responses<K>[Extract<keyof Responses<K>, SuccessCode>];

/** The JSON body of K's success answers (the envelope with its data). */
export type SuccessBody<K extends OperationId> =
  SuccessResponses<K> extends infer R ? (R extends { content: { "application/json": infer B } } ? B : never) : never;

/**
 * Whether K answers anything but JSON on success (a download, an image, a redirect, 304): only such
 * a handler writes its answer through the reply itself and returns the reply.
 */
type SendsItself<K extends OperationId> = true extends (
  SuccessResponses<K> extends infer R ? (R extends { content: infer C } ? (Exclude<keyof C, "application/json"> extends never ? false : true) : true) : never
)
  ? true
  : false;

/** What K's handler may return: its success body, or the reply when it sends a non-JSON answer itself. */
export type OpAnswer<K extends OperationId> = SuccessBody<K> | (SendsItself<K> extends true ? FastifyReply : never);

export type OpHandler<K extends OperationId> = (req: OpRequest<K>, reply: FastifyReply) => Promise<OpAnswer<K>>;

/** Built operations by operationId, each typed by its operation (one module per tag). */
export type HandlerMap = { [K in OperationId]?: OpHandler<K> };

/**
 * The handlers of one tag's operations: each handler module (handlers/<tag>/) declares its map
 * `satisfies TagHandlers<"tag">`, so a handler of another tag's operation fails the typecheck and
 * the modules keep matching the contract's tags (server/src/generated/operationTags.ts).
 */
export type TagHandlers<T extends OperationTag> = {
  [K in OperationId as K extends keyof typeof OPERATION_TAGS ? ((typeof OPERATION_TAGS)[K] extends T ? K : never) : never]?: OpHandler<K>;
};
