// A live connection a test drives by hand: `emit` delivers an event to the listeners as the stream
// would, `setMode` moves the mode. Pass it to <LiveProvider connection={...}>.
import type { LiveConnection, LiveEvent, LiveMode } from "./liveConnection";

export function fakeLiveConnection() {
  const listeners = new Set<(event: LiveEvent) => void>();
  const modeListeners = new Set<(mode: LiveMode) => void>();
  let mode: LiveMode = "stopped";
  const connection: LiveConnection = {
    start: () => void (mode = "live"),
    stop: () => void (mode = "stopped"),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mode: () => mode,
    onMode(listener) {
      modeListeners.add(listener);
      return () => modeListeners.delete(listener);
    },
  };
  return {
    connection,
    emit: (event: LiveEvent) => listeners.forEach((listener) => listener(event)),
    setMode(next: LiveMode) {
      mode = next;
      modeListeners.forEach((listener) => listener(next));
    },
    listeners: () => listeners.size,
  };
}
