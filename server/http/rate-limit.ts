/**
 * Attempts per key in a fixed window, in memory: enough for one process (docs/scaling.md).
 * Sign-in counts only failures (`fail`), so people who sign in correctly are never slowed;
 * registration and invitations count every attempt (`hit`).
 */
export function windowLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now) windows.delete(key);
    return w && w.resetAt > now ? w : undefined;
  };
  return {
    /** Seconds to wait when the key has used up its attempts, else undefined. */
    blocked(key: string, now = Date.now()): number | undefined {
      const w = current(key, now);
      return w && w.count >= limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : undefined;
    },
    fail(key: string, now = Date.now()) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      const w = current(key, now);
      if (w) w.count += 1;
      else windows.set(key, { count: 1, resetAt: now + windowMs });
    },
    /** Counts one attempt unless the key has used them up; then the seconds to wait. */
    hit(key: string, now = Date.now()): number | undefined {
      const wait = this.blocked(key, now);
      if (wait === undefined) this.fail(key, now);
      return wait;
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
}

export type WindowLimiter = ReturnType<typeof windowLimiter>;
