export type UnauthorizedListener = (message: string | undefined) => void;

/**
 * The bearer token and the "session is dead" signal, kept apart from the HTTP client so that
 * the client (openapi-fetch) can be loaded on first request, off the sign-in page's budget.
 */
export function createAuthState() {
  let token: string | null = null;
  const listeners = new Set<UnauthorizedListener>();
  return {
    setToken(value: string | null) {
      token = value;
    },
    getToken: () => token,
    onUnauthorized(listener: UnauthorizedListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emitUnauthorized(message: string | undefined) {
      for (const listener of listeners) listener(message);
    },
    hasListeners: () => listeners.size > 0,
  };
}

export type AuthState = ReturnType<typeof createAuthState>;
