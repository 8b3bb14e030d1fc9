import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { marketDataMachine } from '../../machines/market-data.machine';
import { CompanyAwardsCard, type CompanyAwardList } from '../../ui/sourcing/CompanyAwardsCard';
import { runOperation } from '../run-operation';
import { useServices } from '../services';

/** The calls the company won and lost, on its page, ten by ten. */
export function CompanyAwards({ companyId, hasSiret }: { companyId: string; hasSiret: boolean }) {
  const { operations } = useServices();
  const logic = useMemo(
    () => marketDataMachine.provide({ actors: { load: fromPromise<unknown, { page: number }>(({ input, signal }) => runOperation(operations.listCompanyAwards, { companyId, page: input.page }, signal)) } }),
    // Built once per company (the section is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(logic, { input: { page: 1 } });
  const snapshot = useSelector(actor, (s) => s);
  return (
    <CompanyAwardsCard
      state={snapshot.value as 'loading' | 'failed' | 'ready'}
      awards={snapshot.context.data as CompanyAwardList | null}
      page={snapshot.context.page}
      hasSiret={hasSiret}
      error={snapshot.context.error?.message ?? null}
      onRetry={() => actor.send({ type: 'market.retry' })}
      onPage={(page) => actor.send({ type: 'market.page', page })}
    />
  );
}
