import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { companyLogoMachine } from '../../machines/company-logo.machine';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { CompanyLogoCard, type LogoState } from '../../ui/companies/CompanyLogoCard';
import { useServices } from '../services';
import { useObjectUrl } from '../use-object-url';
import { useSuccessToast } from '../use-request';

type CompanyLogoProps = {
  company: CompanyRow;
  /** A manager of the company or an admin; the server checks it again. */
  canEdit: boolean;
  /** The saved company (new logo version, or none), shown by the page from then on. */
  onSaved: (company: CompanyRow) => void;
};

/** The company page's logo card: its statechart for those who may change it, the logo alone for the others. */
export function CompanyLogo({ company, canEdit, onSaved }: CompanyLogoProps) {
  if (!canEdit) return <CompanyLogoCard company={company} />;
  return <EditableLogo company={company} canEdit onSaved={onSaved} />;
}

function EditableLogo({ company, onSaved }: CompanyLogoProps) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const logic = useMemo(
    () =>
      companyLogoMachine.provide({
        actors: { uploadCompanyLogo: operations.uploadCompanyLogo, deleteCompanyLogo: operations.deleteCompanyLogo },
        actions: {
          notifyDone: (_, { message, data }) => {
            toast(message);
            onSaved(data);
          },
        },
      }),
    // Built once (the page keys this card by company); the handlers read current values when they run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const logo = useActorRef(logic, { input: { companyId: company._id } });
  const state = useSelector(logo, (s) => s.value as LogoState);
  const file = useSelector(logo, (s) => s.context.file);
  const problem = useSelector(logo, (s) => s.context.problem);
  const error = useSelector(logo, (s) => s.context.error?.message ?? null);
  const failedAction = useSelector(logo, (s) => s.context.failedAction);
  const previewUrl = useObjectUrl(file instanceof Blob ? file : null);

  return (
    <CompanyLogoCard
      company={company}
      controls={{
        state,
        previewUrl,
        fileName: file?.name ?? null,
        problem,
        error,
        failedAction,
        onSelect: (selected) => logo.send({ type: 'logo.select', file: selected }),
        onUpload: () => logo.send({ type: 'logo.upload' }),
        onCancel: () => logo.send({ type: 'logo.cancel' }),
        onRemove: () => logo.send({ type: 'logo.remove' }),
        onConfirmRemove: () => logo.send({ type: 'logo.confirm' }),
      }}
    />
  );
}
