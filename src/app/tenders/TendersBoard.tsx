import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { TenderStatus } from '../../../rules/tender-lifecycle';
import { tendersBoardMachine, type BoardColumn, type BoardMove } from '../../machines/tenders-board.machine';
import type { RequestSuccess } from '../../common/request-result';
import { TendersBoardView, type TendersBoardState } from '../../ui/tenders/TendersBoardView';
import { TendersViewSwitch } from '../../ui/tenders/TendersViewSwitch';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useLastSeen } from './last-seen';

/** /company/tenders?view=board: the company's tenders as a kanban (issue 13). */
export function TendersBoard() {
  const { operations } = useServices();
  const role = SessionContext.useSelector((s) => s.context.profile?.role);
  const userId = SessionContext.useSelector((s) => s.context.profile?._id);
  const seenBefore = useLastSeen(userId, 'company-tenders');
  const logic = useMemo(
    () =>
      tendersBoardMachine.provide({
        actors: {
          loadBoard: fromPromise<BoardColumn[], void>(({ signal }) => runOperation(operations.getMyCompanyBoard, undefined, signal)),
          loadColumn: fromPromise<BoardColumn, { status: TenderStatus; skip: number }>(async ({ input, signal }) => (await runOperation(operations.getMyCompanyBoard, input, signal))[0]!),
          // A move is the details page's status change; a reopening its reopen operation.
          saveMove: fromPromise<RequestSuccess<{ _id: string; status: TenderStatus }>, { move: BoardMove; reason: string }>(({ input, signal }) =>
            input.move.kind === 'reopen'
              ? runOperation(operations.reopenTender, { id: input.move.id, reason: input.reason }, signal)
              : runOperation(operations.updateTender, { id: input.move.id, patch: { status: input.move.to } }, signal),
          ),
        },
      }),
    [operations],
  );
  // Reopening a submitted tender is for managers and admins (the server answers 403 to others).
  const board = useActorRef(logic, { input: { canReopen: role === 'admin' || role === 'manager' } });
  const snapshot = useSelector(board, (s) => s);
  const { context } = snapshot;
  return (
    <TendersBoardView
      state={snapshot.value as TendersBoardState}
      tenders={context.tenders}
      counts={context.counts}
      loadingMore={context.loadingMore}
      moreError={context.moreError}
      canReopen={context.canReopen}
      move={context.move}
      reason={context.reason}
      reasonError={context.reasonError}
      loadError={context.loadError?.message ?? null}
      error={context.error?.message ?? null}
      announcement={context.announcement}
      seenBefore={seenBefore}
      viewSwitch={<TendersViewSwitch view="board" />}
      onMove={(id, to) => board.send({ type: 'board.move', id, to })}
      onReason={(reason) => board.send({ type: 'board.reason', reason })}
      onConfirm={() => board.send({ type: 'board.confirm' })}
      onCancel={() => board.send({ type: 'board.cancel' })}
      onDismiss={() => board.send({ type: 'board.dismiss' })}
      onRetry={() => board.send({ type: 'board.reload' })}
      onMore={(status) => board.send({ type: 'board.more', status })}
    />
  );
}
