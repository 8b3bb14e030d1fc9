import { createContext, useContext, useEffect } from 'react';

/**
 * The editors holding text the server does not have yet (issue 24). While one does, a dead session
 * (401 + need2Logout) opens the sign-in-again dialog instead of leaving for /sign-in, and a
 * successful sign-in resumes their saves.
 */
export type UnsavedHolder = { unsaved: () => boolean; resume: () => void };

export function createUnsavedWork() {
  const holders = new Set<UnsavedHolder>();
  return {
    register(holder: UnsavedHolder) {
      holders.add(holder);
      return () => {
        holders.delete(holder);
      };
    },
    any: () => [...holders].some((h) => h.unsaved()),
    resumeAll: () => {
      for (const holder of [...holders]) holder.resume();
    },
  };
}

export type UnsavedWork = ReturnType<typeof createUnsavedWork>;

export const UnsavedWorkContext = createContext<UnsavedWork | null>(null);

/**
 * Registers an editor's unsaved text for as long as it is mounted (no-op outside a session), and
 * has the browser ask before leaving the page while some of it is not saved.
 */
export function useUnsavedWork(holder: UnsavedHolder) {
  const work = useContext(UnsavedWorkContext);
  useEffect(() => work?.register(holder), [work, holder]);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (holder.unsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [holder]);
}
