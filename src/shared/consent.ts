// The consent signal: the server answers code 4010 while the signed-in user has not accepted the
// current privacy policy (a new version was published during the session, or the dialog was
// bypassed). The API client raises it instead of a toast; the first-login flow listens and asks.
type Listener = () => void;

const listeners = new Set<Listener>();

export const consentSignal = {
  raise(): void {
    listeners.forEach((listener) => listener());
  },
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * The same for code 4011 (issue 21): this sign-in used a password an administrator gave, which the
 * server wants changed before anything else. The first-login flow listens and shows the change.
 */
const passwordListeners = new Set<Listener>();

export const passwordChangeSignal = {
  raise(): void {
    passwordListeners.forEach((listener) => listener());
  },
  listen(listener: Listener): () => void {
    passwordListeners.add(listener);
    return () => void passwordListeners.delete(listener);
  },
};
