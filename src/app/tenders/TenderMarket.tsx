import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { marketDataMachine } from '../../machines/market-data.machine';
import { MarketCard, type TenderCallMarket } from '../../ui/sourcing/MarketCard';
import type { Tender } from '../../ui/tenders/TenderDetailsView';
import { runOperation } from '../run-operation';
import { useServices } from '../services';

/** The call's market and history on the tender page: its notices, changes and the buyer's past awards. */
export function TenderMarket({ call }: { call: Tender['tenderCall'] }) {
  const { operations } = useServices();
  const logic = useMemo(
    () => marketDataMachine.provide({ actors: { load: fromPromise<unknown, { page: number }>(({ signal }) => runOperation(operations.getTenderCallMarket, { id: call._id }, signal)) } }),
    // Built once per call (the page is keyed by its tender).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(logic, { input: { page: 1 } });
  const snapshot = useSelector(actor, (s) => s);
  return (
    <MarketCard
      state={snapshot.value as 'loading' | 'failed' | 'ready'}
      call={{ buyer: call.buyer, status: call.status, links: call.links }}
      market={snapshot.context.data as TenderCallMarket | null}
      error={snapshot.context.error?.message ?? null}
      onRetry={() => actor.send({ type: 'market.retry' })}
    />
  );
}
