import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { RequestSuccess } from '../../common/request-result';
import { goNoGoMachine, liveScore, ratingsShown, type GoNoGo, type GoNoGoDecideInput, type GoNoGoSaveInput } from '../../machines/go-no-go.machine';
import type { TenderStatus } from '../../../rules/tender-lifecycle';
import { GoNoGoCard } from '../../ui/tenders/GoNoGoCard';
import { GoNoGoWeightsForm } from '../../ui/tenders/GoNoGoWeightsForm';
import { createRequestMachine } from '../../machines/request.machine';
import type { GoNoGoWeights } from '../../machines/go-no-go.machine';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const weightsMachine = createRequestMachine<{ companyId: string; weights: GoNoGoWeights }, GoNoGoWeights>('saveGoNoGoWeights');

/** The tender's Go/No-Go card on its details page; a go on a tender not started offers the page's start action. */
export function TenderGoNoGo({ tenderId, companyId, status, canDecide, onStart }: { tenderId: string; companyId: string; status: TenderStatus; canDecide: boolean; onStart: () => void }) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const logic = useMemo(
    () =>
      goNoGoMachine.provide({
        actors: {
          loadGoNoGo: fromPromise<RequestSuccess<GoNoGo>, { tenderId: string }>(({ input, signal }) => runOperation(operations.getTenderGoNoGo, input, signal)),
          saveGoNoGo: fromPromise<RequestSuccess<GoNoGo>, GoNoGoSaveInput>(({ input, signal }) => runOperation(operations.saveTenderGoNoGo, input, signal)),
          decideGoNoGo: fromPromise<RequestSuccess<GoNoGo>, GoNoGoDecideInput>(({ input, signal }) => runOperation(operations.decideTenderGoNoGo, input, signal)),
        },
        actions: { notify: (_, { message }) => queueMicrotask(() => toast(message)) },
      }),
    // Built once per tender (the page is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(logic, { input: { tenderId } });
  const snapshot = useSelector(actor, (s) => s);
  const { grid, draft, choice, reason, error, decided } = snapshot.context;
  // The company's weights: its managers (and admins) set them beside the grid; the score follows.
  const saveWeights = useRequest(weightsMachine, operations.saveGoNoGoWeights);
  useOnSuccess(saveWeights, ({ message, data }) => {
    toast(message);
    actor.send({ type: 'grid.weights', weights: data });
  });
  return (
    <GoNoGoCard
      state={snapshot.value as 'loading' | 'failed' | 'ready' | 'saving' | 'choosing' | 'deciding'}
      grid={grid}
      shown={grid ? ratingsShown(grid, draft) : []}
      score={grid ? liveScore(grid, draft) : 0}
      dirty={snapshot.can({ type: 'grid.save' })}
      error={error?.message ?? null}
      canDecide={canDecide}
      choice={choice}
      reason={reason}
      offerStart={decided === 'go' && status === 'not_started'}
      onRate={(criterion, rating) => actor.send({ type: 'grid.rate', criterion, rating })}
      onNote={(criterion, note) => actor.send({ type: 'grid.note', criterion, note })}
      onSave={() => actor.send({ type: 'grid.save' })}
      onRetry={() => actor.send({ type: 'grid.retry' })}
      onOpen={(decision) => actor.send({ type: 'decision.open', decision })}
      onReason={(value) => actor.send({ type: 'decision.reason', reason: value })}
      onCancel={() => actor.send({ type: 'decision.cancel' })}
      onConfirm={() => actor.send({ type: 'decision.confirm' })}
      onStart={onStart}
      weightsForm={
        canDecide && grid ? (
          <GoNoGoWeightsForm weights={grid.weights} saving={saveWeights.loading} error={saveWeights.error?.message ?? null} onSave={(weights) => saveWeights.submit({ companyId, weights })} />
        ) : undefined
      }
    />
  );
}
