import { useEffect, useState } from 'react';

/**
 * "New since you last looked" (docs/decisions.md, 2026-11-23): when this user last opened a list,
 * remembered in this browser (localStorage, one key per user and list). The page reads the
 * previous visit once, on arrival, so the badges stay put while the user looks; the visit is
 * then recorded for next time. No record yet (first visit, other browser): nothing is called new.
 */
export const lastSeenKey = (userId: string, list: string) => `soumissio.lastSeen.${userId}.${list}`;

function read(key: string): string | null {
  try {
    const value = localStorage.getItem(key);
    return value && !Number.isNaN(Date.parse(value)) ? value : null;
  } catch {
    return null;
  }
}

export function useLastSeen(userId: string | undefined, list: string, now: () => Date = () => new Date()): string | null {
  const key = userId ? lastSeenKey(userId, list) : null;
  const [previous] = useState(() => (key ? read(key) : null));
  useEffect(() => {
    if (!key) return;
    try {
      localStorage.setItem(key, now().toISOString());
    } catch {
      // Storage full or refused: the badges simply stay off next time.
    }
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per user and list
  return previous;
}

