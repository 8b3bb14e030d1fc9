import { createRequestMachine } from '../../machines/request.machine';
import { UnsubscribeView } from '../../ui/alerts/UnsubscribeView';
import { usePageTitle } from '../use-page-title';
import { useServices } from '../services';
import { useRequest } from '../use-request';

const unsubscribeMachine = createRequestMachine<{ token: string }, null>('unsubscribeAlerts');

/** /alerts/unsubscribe?token=…: public; the button, not the visit, unsubscribes. */
export default function UnsubscribePage() {
  usePageTitle('alerts-unsubscribe_title');
  const { operations } = useServices();
  const request = useRequest(unsubscribeMachine, operations.unsubscribeAlerts);
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const state = !token ? 'missing' : request.loading ? 'sending' : request.succeeded ? 'done' : request.error ? 'failed' : 'idle';
  return <UnsubscribeView state={state} message={request.message ?? request.error?.message ?? null} onConfirm={() => request.submit({ token })} />;
}
