import { createRequestMachine } from '../../machines/request.machine';
import { ForgotPasswordView } from '../../ui/users/ForgotPasswordView';
import { useServices } from '../services';
import { useRequest } from '../use-request';
import { usePageTitle } from '../use-page-title';

const forgotMachine = createRequestMachine<{ email: string }, null>('requestPasswordReset');

export default function ForgotPasswordPage() {
  usePageTitle('forgot-page_title');
  const { operations } = useServices();
  const request = useRequest(forgotMachine, operations.requestPasswordReset);
  // The server answers the same whether the account exists or not: so does the page.
  if (request.succeeded) return <ForgotPasswordView status="sent" message={request.message} />;
  return <ForgotPasswordView status="form" submitting={request.loading} error={request.error?.message ?? null} onSubmit={request.submit} />;
}
