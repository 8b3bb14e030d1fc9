import { useEffect, useState } from 'react';
import type { components } from '../../../openapi/schema';
import { createRequestMachine } from '../../machines/request.machine';
import { TenderNotesCard } from '../../ui/tenders/TenderNotesCard';
import { useServices } from '../services';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type TenderNotes = components['schemas']['TenderNotes'];
const loadMachine = createRequestMachine<{ tenderId: string }, TenderNotes>('getTenderNotes');
const saveMachine = createRequestMachine<{ tenderId: string; text: string; version: number }, TenderNotes>('saveTenderNotes');

/** The tender's notes on its details page: loaded once, saved with the version they were written from. */
export function TenderNotes({ tenderId }: { tenderId: string }) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const load = useRequest(loadMachine, operations.getTenderNotes);
  const save = useRequest(saveMachine, operations.saveTenderNotes);
  const [notes, setNotes] = useState<TenderNotes | null>(null);
  useEffect(() => {
    load.submit({ tenderId });
  }, [tenderId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per tender
  useOnSuccess(load, ({ data }) => setNotes(data));
  useOnSuccess(save, ({ message, data }) => {
    toast(message);
    setNotes(data);
  });
  // Someone saved in between: the server sends their notes; the draft stays for the user to reapply.
  const conflict = save.error?.status === 409 ? ((save.error.details as TenderNotes | undefined) ?? null) : null;
  return (
    <TenderNotesCard
      state={load.error && !notes ? 'error' : notes ? 'loaded' : 'loading'}
      notes={notes}
      loadError={load.error?.message ?? null}
      onRetry={() => load.submit({ tenderId })}
      saving={save.loading}
      saveError={save.error?.message ?? null}
      conflict={conflict}
      onSave={(text, version) => save.submit({ tenderId, text, version })}
      savedVersion={save.succeeded ? (save.data?.version ?? null) : null}
    />
  );
}
