import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounceSettled } from '../announce-settled';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { toRequestError } from '../../common/request-result';
import { createListMachine } from '../../machines/list.machine';
import { IMPORT_ACCEPT, importProblemMessage, isImportRefusal, noticeImportMachine, type ImportFile, type ImportReport } from '../../machines/notice-import.machine';
import { pollMachine } from '../../machines/poll.machine';
import { ImportsView, isRunPending, RefusedDialog, type ImportRunRow, type ImportUploadState, type RefusedNoticeRow } from '../../ui/sourcing/ImportsView';
import { useServices } from '../services';
import { ConnectorsPanel } from './ConnectorsPanel';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useSuccessToast } from '../use-request';

const runsMachine = createListMachine<ImportRunRow, Record<string, string>>('listImports', {});
const refusedMachine = createListMachine<RefusedNoticeRow, { runId: string }>('listImportRefusals', { runId: '' });
/** How often the runs are read again while one is queued or running. */
export const IMPORTS_POLL_MS = 2000;

export default function ImportsPage() {
  usePageTitle('imports-title');
  const { t } = useTranslation();
  const { operations } = useServices();
  const toast = useSuccessToast();
  const runs = useList(runsMachine, operations.listImports);
  const reloadRuns = runs.reload;

  const uploadLogic = useMemo(
    () =>
      noticeImportMachine.provide({
        actors: {
          createImport: fromCallback<EventObject, { file: ImportFile }>(({ input, sendBack }) => {
            const report = (event: ImportReport) => sendBack(event);
            const actor = createActor(operations.createImport, { input: { file: input.file, onProgress: (percent: number) => report({ type: 'import.progress', percent }) } });
            actor.subscribe({
              complete: () => report({ type: 'import.sent', message: actor.getSnapshot().output?.message ?? '' }),
              error: (error) => report({ type: 'import.failed', error: toRequestError(error) }),
            });
            actor.start();
            return () => actor.stop();
          }),
        },
        actions: {
          notifySent: (_, { message }) => {
            toast(message);
            reloadRuns();
          },
        },
      }),
    // Built once; the handlers read current values when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const upload = useActorRef(uploadLogic);
  const snapshot = useSelector(upload, (s) => s);
  const { context } = snapshot;
  const uploadState: ImportUploadState = {
    state: snapshot.value as ImportUploadState['state'],
    file: context.file,
    progress: context.progress,
    error: context.problem ? t(importProblemMessage(context.problem)) : (context.error?.message ?? null),
    message: context.message,
    canRetry: snapshot.matches('failed') && !isImportRefusal(context.error),
  };

  useAnnounceSettled(runs.list.state === 'loaded' ? runs.list.items : null, (run) => run._id, isRunPending, (run) => t(run.status === 'done' ? 'a11y-import_done' : 'a11y-import_failed', { name: run.fileName }));
  // The server imports in a job: the runs are read again while one is queued or running.
  const poll = useActorRef(
    pollMachine.provide({
      actions: {
        refresh: () => reloadRuns(),
      },
    }),
    { input: { intervalMs: IMPORTS_POLL_MS } },
  );
  const settled = runs.list.state === 'loaded' || runs.list.state === 'empty' || runs.list.state === 'failure';
  useEffect(() => {
    if (settled) poll.send({ type: 'poll.watch', pending: runs.list.state === 'loaded' && runs.list.items.some(isRunPending) });
  }, [settled, runs.list.items, runs.list.state, poll]);
  // While a run is pending the table is read again every two seconds: it stays as it is meanwhile (no dimming).
  const shownRuns = runs.list.state === 'loading' && runs.list.items.some(isRunPending) ? { ...runs.list, state: 'loaded' as const } : runs.list;

  const [refusedOf, setRefusedOf] = useState<ImportRunRow | null>(null);

  return (
    <ImportsView
      upload={uploadState}
      accept={IMPORT_ACCEPT}
      onFile={(file) => upload.send({ type: 'import.pick', file })}
      onCancel={() => upload.send({ type: 'import.cancel' })}
      onRetry={() => upload.send({ type: 'import.retry' })}
      onDismiss={() => upload.send({ type: 'import.dismiss' })}
      runs={shownRuns}
      onPage={runs.onPage}
      onRetryRuns={runs.reload}
      onShowRefused={setRefusedOf}
      connectors={<ConnectorsPanel onRunEnded={reloadRuns} />}
      refusedDialog={refusedOf ? <RefusedPanel key={refusedOf._id} run={refusedOf} onClose={() => setRefusedOf(null)} /> : null}
    />
  );
}

/** One run's refused notices: a list statechart of their own, for as long as the dialog is open. */
function RefusedPanel({ run, onClose }: { run: ImportRunRow; onClose: () => void }) {
  const { operations } = useServices();
  const refused = useList(refusedMachine, operations.listImportRefusals, { filters: { runId: run._id } });
  return <RefusedDialog run={run} list={refused.list} onPage={refused.onPage} onRetry={refused.reload} onClose={onClose} />;
}
