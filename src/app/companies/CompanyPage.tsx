import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { createRequestMachine } from '../../machines/request.machine';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { CompanyView } from '../../ui/companies/CompanyView';
import type { components } from '../../../openapi/schema';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import { OrganigrammesSection } from '../organigrammes/OrganigrammesSection';
import { CompanyTabs } from '../../ui/companies/CompanyTabs';
import { CompanyLogo } from './CompanyLogo';
import { CompanyAwards } from './CompanyAwards';
import { CompanyCandidature } from './CompanyCandidature';

const getMachine = createRequestMachine<{ id: string }, CompanyRow>('getCompany');
const updateMachine = createRequestMachine<{ id: string; patch: components['schemas']['CompanyPatch'] }, CompanyRow>('updateCompany');

export default function CompanyPage() {
  usePageTitle('company-page_title');
  const { id = '' } = useParams<{ id: string }>();
  const { operations } = useServices();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const session = SessionContext.useActorRef();
  const company = useRequest(getMachine, operations.getCompany);
  const update = useRequest(updateMachine, operations.updateCompany);
  const toast = useSuccessToast();
  const [editing, setEditing] = useState(false);
  // The company as last saved here (profile or logo), shown instead of the loaded one until the next visit.
  const [saved, setSaved] = useState<CompanyRow | null>(null);

  const { submit: load } = company;
  useEffect(() => load({ id }), [id]); // eslint-disable-line react-hooks/exhaustive-deps -- load again only for another company

  useOnSuccess(update, ({ message, data }) => {
    setEditing(false);
    setSaved(data);
    toast(message);
    // The header and side menu show the user's company name from the stored profile.
    if (profile && profile.company?._id === data._id) session.send({ type: 'session.profileUpdated', profile: { ...profile, company: { _id: data._id, name: data.name } } });
  });

  if (company.error) {
    if (company.error.status === 404 || company.error.status === 400) return <CompanyView status="notFound" />;
    return <CompanyView status="error" message={company.error.message} onRetry={() => load({ id })} />;
  }
  const shown = (saved?._id === id ? saved : null) ?? company.data;
  if (!shown || company.loading) return <CompanyView status="loading" />;
  const ownStaff = profile?.company?._id === shown._id;
  const canEdit = profile?.role === 'admin' || (profile?.role === 'manager' && ownStaff);
  return (
    <CompanyView
      status="loaded"
      company={shown}
      canEdit={canEdit}
      logo={<CompanyLogo key={shown._id} company={shown} canEdit={canEdit} onSaved={setSaved} />}
      organigrammes={<OrganigrammesSection key={shown._id} companyId={shown._id} canEdit={canEdit} />}
      candidature={<CompanyCandidature key={shown._id} company={shown} canEdit={canEdit} onSaved={setSaved} />}
      awards={<CompanyAwards key={shown._id} companyId={shown._id} hasSiret={Boolean(shown.siret)} />}
      tabs={<CompanyTabs companyId={shown._id} active="profile" />}
      membersHref={ownStaff ? '/company/users' : profile?.role === 'admin' ? `/users?companyId=${shown._id}` : null}
      editing={editing}
      saving={update.loading}
      saveError={update.error?.message ?? null}
      saveErrorDetails={update.error?.details}
      onEdit={() => {
        update.ref.send({ type: 'request.reset' });
        setEditing(true);
      }}
      onCancel={() => setEditing(false)}
      onSave={(patch) => update.submit({ id: shown._id, patch })}
    />
  );
}
