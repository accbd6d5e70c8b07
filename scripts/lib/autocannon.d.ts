// autocannon ships no types; the part scripts/load.ts and scripts/bench/api.ts use.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: Request, context: any) => Request | undefined;
      onResponse?: (status: number, body: string, context: any, headers: Record<string, string>) => void;
    }
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: Request[];
      initialContext?: Record<string, unknown>;
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      requests: { total: number; average: number };
      latency: { p50: number; p90: number; p99: number; average: number; max: number };
    }
    type Instance = EventEmitter & PromiseLike<Result> & { stop(): void };
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
