import { useEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { pollMachine } from '../../machines/poll.machine';
import { ConnectorsCard, isConnectorPending, type ConnectorRow } from '../../ui/sourcing/ConnectorsCard';
import { useServices } from '../services';
import { useList } from '../use-list';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type Name = ConnectorRow['name'];
const connectorsMachine = createListMachine<ConnectorRow, Record<string, string>>('listSourcingConnectors', {});
const runMachine = createRequestMachine<{ name: Name }, ConnectorRow>('runSourcingConnector');
const toggleMachine = createRequestMachine<{ name: Name; enabled: boolean }, ConnectorRow>('updateSourcingConnector');
/** How often the connectors are read again while one is queued or running. */
export const CONNECTORS_POLL_MS = 3000;

/** The admin's connectors on the imports page: read, polled while one runs, run now, turned on or off. */
export function ConnectorsPanel({ onRunEnded }: { onRunEnded: () => void }) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const connectors = useList(connectorsMachine, operations.listSourcingConnectors);
  const run = useRequest(runMachine, operations.runSourcingConnector);
  const toggle = useRequest(toggleMachine, operations.updateSourcingConnector);
  // The connector whose run or switch is being sent: its buttons wait meanwhile.
  const [target, setTarget] = useState<Name | null>(null);
  const busy = run.loading || toggle.loading ? target : null;
  const done = ({ message }: { message: string }) => {
    toast(message);
    connectors.reload();
  };
  useOnSuccess(run, done);
  useOnSuccess(toggle, done);
  const failed = run.error ?? toggle.error;

  // A run under way: read again every few seconds; the import runs' table too once it ends.
  const poll = useActorRef(pollMachine.provide({ actions: { refresh: () => connectors.reload() } }), { input: { intervalMs: CONNECTORS_POLL_MS } });
  const pending = connectors.list.items.some(isConnectorPending);
  const settled = connectors.list.state === 'loaded' || connectors.list.state === 'empty' || connectors.list.state === 'failure';
  const wasPending = useRef(false);
  useEffect(() => {
    if (!settled) return;
    poll.send({ type: 'poll.watch', pending });
    if (wasPending.current && !pending) onRunEnded();
    wasPending.current = pending;
  }, [settled, pending, poll, onRunEnded]);

  const state = connectors.list.state === 'failure' ? 'failure' : connectors.list.state === 'loaded' || connectors.list.state === 'empty' ? 'loaded' : 'loading';
  return (
    <ConnectorsCard
      connectors={{ state, items: connectors.list.items, error: connectors.list.error }}
      busy={busy}
      actionError={failed?.message ?? null}
      onRun={(name) => {
        setTarget(name);
        run.submit({ name });
      }}
      onToggle={(name, enabled) => {
        setTarget(name);
        toggle.submit({ name, enabled });
      }}
      onRetry={connectors.reload}
    />
  );
}
