import ajvCompiler from "@fastify/ajv-compiler";
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

/**
 * Fastify's own compilers (ajv for requests, fast-json-stringify for answers), each route's schema
 * compiled on the route's first use instead of at start-up. The contract has 160-odd operations;
 * compiling all of their schemas was most of the start-up time (issue 9: about 2.5 s of CPU on
 * this machine, where a morning's use touches a dozen routes). Same options, same functions, same
 * errors: only the moment of compilation moves.
 */
type Build<S, F> = (externalSchemas: unknown, options: unknown) => (routeSchema: S) => F;

function lazy<S, F extends (...args: never[]) => unknown>(factory: Build<S, F>): Build<S, F> {
  return (externalSchemas, options) => {
    const build = factory(externalSchemas, options);
    return (routeSchema) => {
      let compiled: F | undefined;
      const ensure = () => (compiled ??= build(routeSchema)) as F & { errors?: unknown; schemaEnv?: unknown };
      const run = ((...args: never[]) => {
        const f = ensure();
        const result = f(...args);
        // Fastify reads a failed validation's details from the function's `errors` (ajv sets it).
        (run as unknown as { errors?: unknown }).errors = f.errors;
        return result;
      }) as F;
      // Fastify passes the parent object (so ajv can coerce a whole body, e.g. `true` to `[1]`)
      // only to a function with ajv's `schemaEnv`: answer with the compiled function's.
      Object.defineProperty(run, "schemaEnv", { get: () => ensure().schemaEnv });
      return run;
    };
  };
}

/** Fastify's `schemaController.compilersFactory` option. */
export const lazyCompilersFactory = {
  buildValidator: lazy(ajvCompiler() as unknown as Build<unknown, (data: never) => unknown>),
  buildSerializer: lazy(SerializerSelector() as unknown as Build<unknown, (data: never) => string>),
} as unknown as NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];
