import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise, toPromise } from 'xstate';
import { submissionMachine, type VaultDocument, type VaultInput } from '../../machines/submission.machine';
import { SubmissionView } from '../../ui/submission/SubmissionView';
import { submissionViewOf, type SubmissionViewState } from '../../ui/submission/submission-view-state';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';
import type { Operations } from '../operations';

/** The countdowns are read again every minute. */
const CLOCK_MS = 60_000;

/** /tenders/:tenderId/submission: the tender's submission folder (issue 26). */
export default function SubmissionPage() {
  usePageTitle('submission-page_title');
  const { tenderId = '' } = useParams<{ tenderId: string }>();
  return <SubmissionOf key={tenderId} tenderId={tenderId} />;
}

/**
 * The vault documents a folder's pieces may take: one page of the vault per kind (the vault lists
 * by kind, soonest expiry first), through the existing listCompanyDocuments operation. No company
 * (an admin's session): no vault to choose from.
 */
export function vaultDocumentsOf(operations: Operations) {
  return fromPromise<VaultDocument[], VaultInput>(async ({ input }) => {
    const { companyId, kinds } = input;
    if (!companyId || kinds.length === 0) return [];
    const pages = await Promise.all(
      kinds.map((kind) => toPromise(createActor(operations.listCompanyDocuments, { input: { page: 1, search: '', filters: { companyId, kind, validity: '' } } }).start())),
    );
    return pages.flatMap((page) => page.items);
  });
}

/** The page's flow lives in the submission statechart; here it is given the real calls, the session's role and the clock. */
function SubmissionOf({ tenderId }: { tenderId: string }) {
  const { operations } = useServices();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const logic = useMemo(
    () =>
      submissionMachine.provide({
        actors: {
          getSubmission: operations.getSubmission,
          setSubmissionPiece: operations.setSubmissionPiece,
          clearSubmissionPiece: operations.clearSubmissionPiece,
          depositSubmission: operations.depositSubmission,
          listVaultDocuments: vaultDocumentsOf(operations),
          getSubmissionGroupement: operations.getSubmissionGroupement,
          setSubmissionGroupement: operations.setSubmissionGroupement,
          clearSubmissionGroupement: operations.clearSubmissionGroupement,
        },
      }),
    [operations],
  );
  const folder = useActorRef(logic, { input: { tenderId, companyId: profile?.company?._id ?? null, canDeposit: profile?.role === 'admin' || profile?.role === 'manager' } });
  const view = useSelector(folder, submissionViewOf, sameView);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <SubmissionView
      {...view}
      now={now}
      onRetry={() => folder.send({ type: 'load.retry' })}
      onRefresh={() => folder.send({ type: 'folder.refresh' })}
      onUpload={(code, file) => folder.send({ type: 'piece.upload', code, file })}
      onChoose={(code, companyDocumentId) => folder.send({ type: 'piece.choose', code, companyDocumentId })}
      onClear={(code) => folder.send({ type: 'piece.clear', code })}
      onDismiss={() => folder.send({ type: 'piece.dismiss' })}
      onVaultRetry={() => folder.send({ type: 'vault.retry' })}
      onOpenDeposit={() => folder.send({ type: 'deposit.open' })}
      onSendDeposit={(depositedAt, acknowledgement) => folder.send({ type: 'deposit.send', depositedAt, acknowledgement })}
      onCloseDeposit={() => folder.send({ type: 'deposit.close' })}
      groupementActions={{
        onRetry: () => folder.send({ type: 'groupement.retry' }),
        onEdit: () => folder.send({ type: 'groupement.edit' }),
        onCancel: () => folder.send({ type: 'groupement.cancel' }),
        onSave: (groupement) => folder.send({ type: 'groupement.save', groupement }),
        onClear: () => folder.send({ type: 'groupement.clear' }),
        onConfirmClear: () => folder.send({ type: 'groupement.confirmClear' }),
      }}
    />
  );
}

/** The view changes only when one of its parts does (each part is rebuilt from the snapshot). */
const sameView = (a: SubmissionViewState, b: SubmissionViewState) => (Object.keys(a) as (keyof SubmissionViewState)[]).every((key) => a[key] === b[key] || JSON.stringify(a[key]) === JSON.stringify(b[key]));
