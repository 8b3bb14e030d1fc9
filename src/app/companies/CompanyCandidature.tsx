import { useState } from 'react';
import { createRequestMachine } from '../../machines/request.machine';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { CompanyCandidatureCard } from '../../ui/companies/CompanyCandidatureCard';
import type { components } from '../../../openapi/schema';
import { useServices } from '../services';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const updateMachine = createRequestMachine<{ id: string; patch: components['schemas']['CompanyPatch'] }, CompanyRow>('updateCompany');

/** The company page's candidature data card, saved on its own (a patch of `candidature` alone). */
export function CompanyCandidature({ company, canEdit, onSaved }: { company: CompanyRow; canEdit: boolean; onSaved: (company: CompanyRow) => void }) {
  const { operations } = useServices();
  const update = useRequest(updateMachine, operations.updateCompany);
  const toast = useSuccessToast();
  const [editing, setEditing] = useState(false);
  useOnSuccess(update, ({ message, data }) => {
    setEditing(false);
    onSaved(data);
    toast(message);
  });
  return (
    <CompanyCandidatureCard
      candidature={company.candidature}
      canEdit={canEdit}
      editing={editing}
      saving={update.loading}
      error={update.error?.message ?? null}
      errorDetails={update.error?.details}
      onEdit={() => {
        update.ref.send({ type: 'request.reset' });
        setEditing(true);
      }}
      onCancel={() => setEditing(false)}
      onSave={(candidature) => update.submit({ id: company._id, patch: { candidature } })}
    />
  );
}
