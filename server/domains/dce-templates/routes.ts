import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';

// Being built this session: each operation answers 501 until its handler lands.
const pending = async () => {
  throw new AppError(501, 'common-something_went_wrong');
};

export function dceTemplatesHandlers(_deps: Deps): Handlers<
  | 'listDceTemplates'
  | 'createDceTemplate'
  | 'getDceTemplate'
  | 'updateDceTemplate'
  | 'deleteDceTemplate'
> {
  return {
    listDceTemplates: pending,
    createDceTemplate: pending,
    getDceTemplate: pending,
    updateDceTemplate: pending,
    deleteDceTemplate: pending,
  };
}
