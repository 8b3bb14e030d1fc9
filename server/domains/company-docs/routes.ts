import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Being built this session: each operation answers 501 until its handler lands.
const pending = async () => {
  throw new AppError(501, 'common-something_went_wrong');
};

export function companyDocsHandlers(_deps: Deps): Handlers<
  | 'listCompanyDocuments'
  | 'createCompanyDocument'
  | 'updateCompanyDocument'
  | 'deleteCompanyDocument'
  | 'downloadCompanyDocument'
> {
  return {
    listCompanyDocuments: pending,
    createCompanyDocument: pending,
    updateCompanyDocument: pending,
    deleteCompanyDocument: pending,
    downloadCompanyDocument: pending,
  };
}
