import { useEffect, useRef } from 'react';
import { useAnnounce } from './notifications';

/**
 * Announces the rows of a polled list whose background job has ended since the last read (a
 * document's text read, an import run): each row seen pending and now settled is said once, in one
 * message. Rows already settled when the page opened are not news.
 */
export function useAnnounceSettled<T>(items: readonly T[] | null | undefined, idOf: (item: T) => string, isPending: (item: T) => boolean, messageOf: (item: T) => string) {
  const announce = useAnnounce();
  const pending = useRef(new Set<string>());
  const latest = useRef(messageOf);
  useEffect(() => {
    latest.current = messageOf;
  });
  useEffect(() => {
    if (!items) return;
    const settled = items.filter((item) => pending.current.has(idOf(item)) && !isPending(item));
    pending.current = new Set(items.filter(isPending).map(idOf));
    if (settled.length > 0) announce(settled.map((item) => latest.current(item)).join(' '));
    // idOf and isPending are plain functions of the row: the list's new items are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, announce]);
}
