import { createContext, Fragment, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Spec 4: sign-out resets every state family, so the next user sees nothing of the previous one.
 * Two mechanisms, both run by the session machine's `resetStateFamilies` effect:
 * - everything rendered under <SessionScope> (pages, layouts, their request machines created with
 *   useActorRef) is remounted from scratch: React discards the old actors;
 * - anything kept outside React (a cached list, a module-level store) registers a reset function.
 */
export type ResetRegistry = {
  register: (reset: () => void) => () => void;
  resetAll: () => void;
  /** Bumped by every reset: the key of the signed-in subtree. */
  generation: () => number;
  subscribe: (listener: () => void) => () => void;
};

export function createResetRegistry(): ResetRegistry {
  const resets = new Set<() => void>();
  const listeners = new Set<() => void>();
  let generation = 0;
  return {
    register(reset) {
      resets.add(reset);
      return () => resets.delete(reset);
    },
    resetAll() {
      for (const reset of [...resets]) reset();
      generation += 1;
      for (const listener of [...listeners]) listener();
    },
    generation: () => generation,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const ResetRegistryContext = createContext<ResetRegistry | null>(null);

export function ResetRegistryProvider({ registry, children }: { registry: ResetRegistry; children: ReactNode }) {
  return <ResetRegistryContext.Provider value={registry}>{children}</ResetRegistryContext.Provider>;
}

export function useResetRegistry(): ResetRegistry {
  const registry = useContext(ResetRegistryContext);
  if (!registry) throw new Error('useResetRegistry outside ResetRegistryProvider');
  return registry;
}

/** Everything below starts afresh after each sign-out. */
export function SessionScope({ children }: { children: ReactNode }) {
  const registry = useResetRegistry();
  const generation = useSyncExternalStore(registry.subscribe, registry.generation, registry.generation);
  return <Fragment key={generation}>{children}</Fragment>;
}

/** Registers a reset for state kept outside React for as long as the caller is mounted. */
export function useResetOnSignOut(reset: () => void) {
  const registry = useResetRegistry();
  const resetRef = useRef(reset);
  useEffect(() => {
    resetRef.current = reset;
  });
  useEffect(() => registry.register(() => resetRef.current()), [registry]);
}
