import type { ImportRunRow, ImportUploadState, RefusedNoticeRow } from './ImportsView';

// Story and test data of the notice imports (kept out of story JSX: Panda misreads literals there).
const counts = (patch: Partial<ImportRunRow['counts']> = {}): ImportRunRow['counts'] => ({ notices: 0, new: 0, updated: 0, cancelled: 0, awarded: 0, refused: 0, unchanged: 0, ...patch });
const admin = { _id: '00000000-0000-4000-8000-000000000001', username: 'Claire Admin' };

export const doneRun: ImportRunRow = {
  _id: '10000000-0000-4000-8000-000000000001',
  fileName: 'boamp-2024-mapa.json',
  size: 48_213,
  status: 'done',
  progress: 100,
  counts: counts({ notices: 24, new: 18, updated: 2, cancelled: 1, awarded: 1, refused: 2 }),
  error: null,
  origin: 'upload',
  createdBy: admin,
  createdAt: '2026-03-02T09:15:00.000Z',
  finishedAt: '2026-03-02T09:15:04.000Z',
};

export const runningRun: ImportRunRow = {
  ...doneRun,
  _id: '10000000-0000-4000-8000-000000000002',
  fileName: 'ted-2026-03.zip',
  size: 12_582_912,
  status: 'running',
  progress: 42,
  counts: counts({ notices: 1_204, new: 1_180, refused: 3 }),
  createdAt: '2026-03-02T10:00:00.000Z',
  finishedAt: null,
};

export const failedRun: ImportRunRow = {
  ...doneRun,
  _id: '10000000-0000-4000-8000-000000000003',
  fileName: 'decp-2024.json',
  status: 'failed',
  progress: 10,
  counts: counts({ notices: 3 }),
  error: "L'import a échoué. Importez le fichier à nouveau.",
  createdBy: null,
  createdAt: '2026-03-01T17:40:00.000Z',
  finishedAt: '2026-03-01T17:41:00.000Z',
};

export const queuedRun: ImportRunRow = { ...runningRun, _id: '10000000-0000-4000-8000-000000000004', fileName: 'boamp-fnsimple.json', status: 'queued', progress: 0, counts: counts() };

/** Downloaded by the scheduled fetch: its file name is the URL; a server error failed it. */
export const fetchedRun: ImportRunRow = {
  ...failedRun,
  _id: '10000000-0000-4000-8000-000000000005',
  fileName: 'https://boamp-datadila.opendatasoft.com/api/explore/v2.1/catalog/datasets/boamp/exports/jsonl',
  size: 0,
  origin: 'fetch',
  progress: 0,
  counts: counts(),
  error: 'Le serveur de la source a répondu par une erreur (HTTP 503).',
};

export const runs = [runningRun, doneRun, failedRun, fetchedRun];

export const refusedNotices: RefusedNoticeRow[] = [
  {
    _id: '20000000-0000-4000-8000-000000000001',
    source: 'boamp',
    sourceId: '24-12345',
    reasonKey: 'sourcing-missing-title',
    reason: 'Avis sans objet ni intitulé.',
    detail: 'objet is empty',
    fileName: doneRun.fileName,
    origin: 'boamp-2024-mapa.json#3',
    createdAt: doneRun.createdAt,
  },
  {
    _id: '20000000-0000-4000-8000-000000000002',
    source: null,
    sourceId: null,
    reasonKey: 'sourcing-malformed-json',
    reason: "JSON illisible : l'avis est mal formé.",
    detail: 'Unexpected token } in JSON at position 812',
    fileName: doneRun.fileName,
    origin: 'boamp-2024-mapa.json#17',
    createdAt: doneRun.createdAt,
  },
];

const file = { name: 'boamp-2024-mapa.json', type: 'application/json', size: 48_213 };
const upload = (patch: Partial<ImportUploadState>): ImportUploadState => ({ state: 'idle', file: null, progress: 0, error: null, message: null, canRetry: false, ...patch });

export const uploads = {
  idle: upload({}),
  invalid: upload({ state: 'invalid', file: { name: 'notices.csv', size: 2_048 }, error: "Fichier non accepté : un export JSON, XML ou ZIP d'avis est attendu." }),
  uploading: upload({ state: 'uploading', file, progress: 64 }),
  sent: upload({ state: 'sent', file, progress: 100, message: "Import lancé : il se poursuit en arrière-plan." }),
  refused: upload({ state: 'failed', file, error: "Fichier non accepté : un export JSON, XML ou ZIP d'avis est attendu." }),
  failed: upload({ state: 'failed', file, error: 'Service indisponible. Réessayez dans un instant.', canRetry: true }),
};
