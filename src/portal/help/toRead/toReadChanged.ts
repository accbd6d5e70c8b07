// "The caller's requests changed": said by the acknowledge panel after an acknowledgement, heard by
// the badge and the to-read list of the same tab so their figures follow at once (the live stream
// only carries new requests and reminders, not one's own acknowledgement).
const listeners = new Set<() => void>();

export function onToReadChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function toReadChanged(): void {
  listeners.forEach((listener) => listener());
}
