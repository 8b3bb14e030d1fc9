import type { components } from '../../../openapi/schema';
import { createRequestMachine } from '../../machines/request.machine';
import { CreateCompanyView } from '../../ui/companies/CreateCompanyView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import { usePageTitle } from '../use-page-title';

const createMachine = createRequestMachine<components['schemas']['CompanyInput'], components['schemas']['Company']>('createCompany');

export default function CreateCompanyPage() {
  usePageTitle('createcompany-page_title');
  const { operations } = useServices();
  const request = useRequest(createMachine, operations.createCompany);
  const session = SessionContext.useActorRef();
  const toast = useSuccessToast();

  // The session reloads the profile (now with its company); the route guard then leaves for /dashboard.
  useOnSuccess(request, ({ message }) => {
    toast(message);
    session.send({ type: 'session.companyCreated' });
  });

  return <CreateCompanyView submitting={request.loading || request.succeeded} error={request.error?.message ?? null} errorDetails={request.error?.details} onSubmit={request.submit} />;
}
