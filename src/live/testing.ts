// A live connection a test drives by hand: `emit` delivers an event to the listeners as the stream
// would. Pass it to <LiveProvider connection={...}>.
import type { LiveConnection, LiveEvent, LiveMode } from "./liveConnection";

export function fakeLiveConnection() {
  const listeners = new Set<(event: LiveEvent) => void>();
  let mode: LiveMode = "stopped";
  const connection: LiveConnection = {
    start: () => void (mode = "live"),
    stop: () => void (mode = "stopped"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mode: () => mode,
  };
  return { connection, emit: (event: LiveEvent) => listeners.forEach((listener) => listener(event)) };
}
