import { useSearch } from 'wouter';
import { createRequestMachine } from '../../machines/request.machine';
import { ResetPasswordView } from '../../ui/users/ResetPasswordView';
import { useServices } from '../services';
import { useRequest } from '../use-request';
import { usePageTitle } from '../use-page-title';

const resetMachine = createRequestMachine<{ token: string; password: string }, null>('resetPassword');

export default function ResetPasswordPage() {
  usePageTitle('reset-page_title');
  const { operations } = useServices();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const request = useRequest(resetMachine, operations.resetPassword);
  if (!token) return <ResetPasswordView status="missing" />;
  if (request.succeeded) return <ResetPasswordView status="done" message={request.message} />;
  // 410: used already or more than an hour old.
  if (request.error?.status === 410) return <ResetPasswordView status="expired" />;
  return (
    <ResetPasswordView
      status="form"
      submitting={request.loading}
      error={request.error?.message ?? null}
      errorDetails={request.error?.details}
      onSubmit={({ password }) => request.submit({ token, password })}
    />
  );
}
