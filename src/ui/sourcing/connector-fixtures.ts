import type { ConnectorRow } from './ConnectorsCard';

// Story and test data of the built-in connectors (kept out of story JSX: Panda misreads literals there).
const base: ConnectorRow = {
  name: 'boamp',
  available: true,
  enabled: true,
  status: 'never',
  lastStartedAt: null,
  lastFinishedAt: null,
  nextRunAt: '2026-03-02T10:00:00.000Z',
  counts: { fetched: 0, new: 0, updated: 0, refused: 0 },
  error: null,
  cursor: { date: null, id: null },
  importRunId: null,
  failures: 0,
};

export const neverRun: ConnectorRow = base;

export const running: ConnectorRow = { ...base, name: 'ted', status: 'running', lastStartedAt: '2026-03-02T09:00:00.000Z', cursor: { date: '2026-02-27', id: '128734-2026' } };

export const succeeded: ConnectorRow = {
  ...base,
  status: 'succeeded',
  lastStartedAt: '2026-03-02T09:00:00.000Z',
  lastFinishedAt: '2026-03-02T09:03:12.000Z',
  nextRunAt: '2026-03-02T10:03:12.000Z',
  counts: { fetched: 1_842, new: 1_610, updated: 196, refused: 36 },
  cursor: { date: '2026-03-02', id: '26-19877' },
  importRunId: '10000000-0000-4000-8000-000000000009',
};

export const failed: ConnectorRow = {
  ...base,
  name: 'decp',
  status: 'failed',
  lastStartedAt: '2026-03-02T08:00:00.000Z',
  lastFinishedAt: '2026-03-02T08:00:41.000Z',
  nextRunAt: '2026-03-02T08:10:41.000Z',
  counts: { fetched: 0, new: 0, updated: 0, refused: 0 },
  error: 'La source a répondu par une erreur (HTTP 503).',
  cursor: { date: '2026-02-28', id: '213500018000162026M0042' },
  failures: 2,
};

export const disabled: ConnectorRow = { ...succeeded, name: 'ted', enabled: false, nextRunAt: null };

export const unavailable: ConnectorRow = { ...base, name: 'decp', available: false, nextRunAt: null };
