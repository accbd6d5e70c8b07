import type { FastifyRequest } from "fastify";
import type { operations } from "../../../src/api/schema.d.ts";

// Handler request types come from the contract (src/api/schema.d.ts, generated from openapi/),
// never from hand-written DTOs: a handler of operation K sees exactly K's body and query.
type JsonBody<O> = O extends { requestBody?: { content: { "application/json": infer B } } } ? B : undefined;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : Record<string, never>;

export type OpRequest<K extends keyof operations> = FastifyRequest & {
  body: JsonBody<operations[K]>;
  query: Query<operations[K]>;
};
