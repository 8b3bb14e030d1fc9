/**
 * Text typed but not saved yet, kept in this browser's localStorage so that a dead session, a
 * closed tab or a reload loses nothing (issue 24). One entry per user + entity + field, with the
 * version the text was typed on (saved later on that version, a conflict shows if someone saved
 * since). The user's id is in the key: another user signing in on this browser never sees it.
 * Every autosaving editor keeps its drafts through this one helper.
 */
export type DraftKey = { userId: string; entity: string; id: string; field: string };
export type StoredDraft<T> = { value: T; baseVersion: number; keptAt: string };

const PREFIX = 'soumissio.draft';

export function draftStorageKey({ userId, entity, id, field }: DraftKey): string {
  return [PREFIX, userId, entity, id, field].join(':');
}

export function createLocalDrafts(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = typeof localStorage === 'undefined' ? null : localStorage) {
  return {
    read<T>(key: DraftKey): StoredDraft<T> | null {
      try {
        const raw = storage?.getItem(draftStorageKey(key));
        if (!raw) return null;
        const parsed = JSON.parse(raw) as Partial<StoredDraft<T>>;
        return parsed.value !== undefined && typeof parsed.baseVersion === 'number' ? (parsed as StoredDraft<T>) : null;
      } catch {
        return null;
      }
    },
    write<T>(key: DraftKey, value: T, baseVersion: number) {
      // A full or forbidden storage must not stop the typing: the draft is still in memory.
      try {
        storage?.setItem(draftStorageKey(key), JSON.stringify({ value, baseVersion, keptAt: new Date().toISOString() }));
      } catch {
        /* kept in memory only */
      }
    },
    clear(key: DraftKey) {
      try {
        storage?.removeItem(draftStorageKey(key));
      } catch {
        /* nothing to clear */
      }
    },
  };
}

export type LocalDrafts = ReturnType<typeof createLocalDrafts>;
