import type { SnapshotFrom } from 'xstate';
import { priceOf, type priceGridMachine, type PriceEdits, type PriceFile, type PriceFileImport, type PriceIssue } from '../../machines/price-grid.machine';

export type PriceGridSnapshot = SnapshotFrom<typeof priceGridMachine>;
export type SaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'failed' | 'conflict';

/** What the price files page shows, read from its statechart's snapshot (the page adds the handlers). */
export type PriceGridViewState = {
  tenderId: string;
  state: 'loading' | 'failed' | 'empty' | 'ready';
  loadError: string | null;
  files: PriceFile[];
  selected: PriceFile | null;
  /** The unit price each line of the selected file shows, typed or saved, by line id. */
  prices: Record<string, number | null>;
  save: { status: SaveStatus; error: string | null };
  /** Prices typed in another file of the tender and not saved yet (the status speaks for all files). */
  conflict: { theirs: PriceFile; mine: PriceEdits } | null;
  check: { state: 'checking' | 'checked' | 'failed'; issues: PriceIssue[]; error: string | null };
  importing: { state: 'idle' | 'uploading' | 'review' | 'failed'; result: PriceFileImport | null; error: string | null };
};

const regionValue = <T extends string>(snapshot: PriceGridSnapshot, region: 'save' | 'check' | 'import'): T =>
  (snapshot.value as { ready: Record<string, string> }).ready[region] as T;

export function priceGridViewOf(snapshot: PriceGridSnapshot): PriceGridViewState {
  const { context } = snapshot;
  const ready = snapshot.matches('ready');
  const selected = context.files.find((f) => f._id === context.selectedId) ?? null;
  const prices: Record<string, number | null> = {};
  if (selected) for (const sheet of selected.sheets) for (const line of sheet.lines) prices[line._id] = priceOf(context, selected._id, line);
  const checkState = ready ? regionValue<'checking' | 'checked' | 'failed'>(snapshot, 'check') : 'checking';
  // Issues of the file on screen; another file's check running leaves them as they were.
  const checkedHere = context.checkingId === context.selectedId;
  return {
    tenderId: context.tenderId,
    state: ready ? 'ready' : snapshot.matches('empty') ? 'empty' : snapshot.matches('failed') ? 'failed' : 'loading',
    loadError: context.loadError?.message ?? null,
    files: context.files,
    selected,
    prices,
    save: ready ? { status: regionValue<SaveStatus>(snapshot, 'save'), error: context.saveError?.message ?? null } : { status: 'idle', error: null },
    conflict: context.conflict,
    check: {
      state: checkedHere ? checkState : context.checks[context.selectedId ?? ''] ? 'checked' : 'checking',
      issues: context.checks[context.selectedId ?? '']?.issues ?? [],
      error: checkedHere && checkState === 'failed' ? (context.checkError?.message ?? null) : null,
    },
    importing: ready
      ? { state: regionValue<'idle' | 'uploading' | 'review' | 'failed'>(snapshot, 'import'), result: context.imported, error: context.importError?.message ?? null }
      : { state: 'idle', result: null, error: null },
  };
}
