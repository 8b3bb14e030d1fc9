import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { components } from '../../../openapi/schema';
import { multipartForm, type FileLike } from '../calls-support';

type PriceFile = components['schemas']['PriceFile'];
type PriceFileCheck = components['schemas']['PriceFileCheck'];
type PriceFileImport = components['schemas']['PriceFileImportResult']['details'];
export type PriceFileSave = { id: string; body: components['schemas']['PriceFilePatch'] };
export type PriceFileImportInput = { id: string; version: number; file: FileLike };

// The price files' calls (issue 25), named after their operationId. The export is a plain link
// (/api/price-files/{id}/export): the browser downloads it with the token cookie.
export const priceFilesCalls = {
  listPriceFiles: async (api: Api, input: { tenderId: string }, signal: AbortSignal): Promise<PriceFile[]> => {
    const data = await api.call(() => api.client.GET('/api/tenders/{id}/price-files', { params: { path: { id: input.tenderId } }, signal }));
    return data.priceFiles;
  },
  updatePriceFile: async (api: Api, input: PriceFileSave, signal: AbortSignal): Promise<RequestSuccess<PriceFile>> => {
    const data = await api.call(() => api.client.PATCH('/api/price-files/{id}', { params: { path: { id: input.id } }, body: input.body, signal }));
    return { message: data.msg, data: data.details };
  },
  importPriceFile: async (api: Api, input: PriceFileImportInput, signal: AbortSignal): Promise<RequestSuccess<PriceFileImport>> => {
    const form = multipartForm({ version: String(input.version), file: input.file });
    const data = await api.call(() =>
      api.client.POST('/api/price-files/{id}/import', { params: { path: { id: input.id } }, body: {}, bodySerializer: () => form, signal }),
    );
    return { message: data.msg, data: data.details };
  },
  checkPriceFile: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<PriceFileCheck> =>
    api.call(() => api.client.GET('/api/price-files/{id}/check', { params: { path: { id: input.id } }, signal })),
};
