import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Being built this session: each operation answers 501 until its handler lands.
const pending = async () => {
  throw new AppError(501, 'common-something_went_wrong');
};

export function tenderDocsHandlers(_deps: Deps): Handlers<
  | 'listTenderDocs'
  | 'uploadTenderDoc'
  | 'getTenderDoc'
  | 'replaceTenderDoc'
  | 'deleteTenderDoc'
  | 'downloadTenderDoc'
> {
  return {
    listTenderDocs: pending,
    uploadTenderDoc: pending,
    getTenderDoc: pending,
    replaceTenderDoc: pending,
    deleteTenderDoc: pending,
    downloadTenderDoc: pending,
  };
}
