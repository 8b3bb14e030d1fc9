import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { tenderGuardMachine, type GuardedTender } from '../../machines/tender-guard.machine';
import { guardViewOf, TenderGuardView, type TenderFeature } from '../../ui/tenders/TenderGuardView';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { usePageTitle } from '../use-page-title';

/**
 * The guarded tender pages (DCE and CCTP analysis, chat, assisted writing): the tender guard
 * statechart loads the tender; not_started sends the user to its details page (history replaced,
 * so Back does not return to a page that would send them on again).
 */
export function TenderGuard({ id, feature, children }: { id: string; feature: TenderFeature; children: Parameters<typeof TenderGuardView>[0]['children'] }) {
  usePageTitle(`tenderguard-feature_${feature}`);
  const { operations } = useServices();
  const [, navigate] = useLocation();
  const logic = useMemo(
    () =>
      tenderGuardMachine.provide({
        actors: {
          getTender: fromPromise<GuardedTender, { id: string }>(async ({ input, signal }) => (await runOperation(operations.getTender, input, signal)).data),
        },
        actions: { redirectToDetails: (_, params) => navigate(`/tenders/${params.id}`, { replace: true }) },
      }),
    // Built once; wouter's navigate is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const ref = useActorRef(logic, { input: { id } });
  const snapshot = useSelector(ref, (s) => s);

  // Another tender in the address (a link between two tenders) is checked again.
  const shown = useRef(id);
  useEffect(() => {
    if (shown.current === id) return;
    shown.current = id;
    ref.send({ type: 'guard.load', id });
  }, [id, ref]);

  return <TenderGuardView {...guardViewOf(snapshot)} feature={feature}>{children}</TenderGuardView>;
}
