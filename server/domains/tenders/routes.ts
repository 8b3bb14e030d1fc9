import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Being built this session: each operation answers 501 until its handler lands.
const pending = async () => {
  throw new AppError(501, 'common-something_went_wrong');
};

export function tendersHandlers(_deps: Deps): Handlers<
  | 'listTenders'
  | 'createTender'
  | 'listMyCompanyTenders'
  | 'listPotentialTenders'
  | 'getTender'
  | 'updateTender'
  | 'deleteTender'
  | 'getTenderStatusHistory'
  | 'getTenderLots'
  | 'createTenderCall'
  | 'getTenderCall'
  | 'updateTenderCall'
  | 'deleteTenderCall'
> {
  return {
    listTenders: pending,
    createTender: pending,
    listMyCompanyTenders: pending,
    listPotentialTenders: pending,
    getTender: pending,
    updateTender: pending,
    deleteTender: pending,
    getTenderStatusHistory: pending,
    getTenderLots: pending,
    createTenderCall: pending,
    getTenderCall: pending,
    updateTenderCall: pending,
    deleteTenderCall: pending,
  };
}
