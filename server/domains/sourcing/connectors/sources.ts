// What each source is asked, and what of its answer goes to the importers: BOAMP's opendatasoft
// records (as an export of them would hold), TED's notices as their XML, DECP's contracts. Each
// yields its records past the cursor (publication date, then id), oldest first when the source sorts.
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { readRecords } from '../reader';
import { MAX_IMPORT_BYTES } from '../fetch-config';
import type { ConnectorName, ConnectorsConfig } from './config';
import { ConnectorFailure, type PoliteClient } from './http';

export type Cursor = { date: string | null; id: string | null };
/** One record: its publication date (YYYY-MM-DD), its id at the source, and its text for the importers. */
export type ConnectorItem = { date: string; id: string; body: string };

export type SourceContext = {
  client: PoliteClient;
  config: ConnectorsConfig;
  cursor: Cursor;
  /** Where a connector that never ran starts. */
  since: string;
  today: string;
  /** When the last run that ended well finished (DECP's file unchanged since is not read again). */
  lastSuccessAt: Date | null;
  signal: AbortSignal;
};

export type Source = {
  /** The file the importers are handed: JSON Lines, or XML notices under one root. */
  format: 'jsonl' | 'xml';
  /** Sorted by the source: the cursor follows each record (a run that fails keeps what came before). */
  ordered: boolean;
  /** The import run's file name: the source and from when. */
  label(from: string): string;
  items(ctx: SourceContext): AsyncGenerator<ConnectorItem>;
  /** Ids in the source's order (TED's "404080-2018" by year, then number). */
  idKey?(id: string): string;
};

const DAY = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** A record after the cursor (later date, or the same date and a later id). */
export function isAfter(item: { date: string; id: string }, cursor: Cursor, idKey: (id: string) => string = (id) => id): boolean {
  if (!cursor.date) return true;
  if (item.date !== cursor.date) return item.date > cursor.date;
  return cursor.id === null || idKey(item.id) > idKey(cursor.id);
}

async function json(response: Response): Promise<Record<string, unknown>> {
  try {
    const value = (await response.json()) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ConnectorFailure('sourcing-connector_bad_answer');
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

// ── BOAMP: opendatasoft Explore API v2.1, dataset "boamp" ─────────────────────────────────────────

/** /records gives at most offset + limit = 10,000 records for one query: longer spans are cut in date windows. */
const ODS_WINDOW = 10_000;
const ODS_PAGE = 100;

const boamp: Source = {
  format: 'jsonl',
  ordered: true,
  label: (from) => `BOAMP (opendatasoft) — dateparution ≥ ${from}`,
  async *items(ctx) {
    const { client, config, cursor, signal } = ctx;
    let from = cursor.date ?? ctx.since;
    const end = addDays(ctx.today, 1);
    let span = Math.max(1, daysBetween(from, end));
    const page = async (where: string, offset: number) => {
      const url = `${config.boamp.baseUrl}/catalog/datasets/boamp/records?${new URLSearchParams({ where, order_by: 'dateparution,idweb', limit: String(ODS_PAGE), offset: String(offset) })}`;
      const answer = await json(await client.request(url, {}, signal));
      if (typeof answer.total_count !== 'number' || !Array.isArray(answer.results)) throw new ConnectorFailure('sourcing-connector_bad_answer');
      return { total: answer.total_count, results: answer.results as Record<string, unknown>[] };
    };
    while (from < end) {
      const to = addDays(from, span) < end ? addDays(from, span) : end;
      const where = `dateparution >= date'${from}' AND dateparution < date'${to}'`;
      let current = await page(where, 0);
      if (current.total > ODS_WINDOW && span > 1) {
        // Too many for one query: the same start, half as long.
        span = Math.ceil(span / 2);
        continue;
      }
      let offset = 0;
      for (;;) {
        for (const record of current.results) {
          const item = { date: text(record.dateparution).slice(0, 10), id: text(record.idweb) };
          if (item.date && item.id && isAfter(item, cursor)) yield { ...item, body: JSON.stringify(record) };
        }
        offset += current.results.length;
        if (current.results.length === 0 || offset >= current.total) break;
        // A single day past 10,000 notices (never seen: BOAMP publishes ~2,000 on its busiest days).
        if (offset + ODS_PAGE > ODS_WINDOW) throw new ConnectorFailure('sourcing-connector_window_too_large');
        current = await page(where, offset);
      }
      from = to;
    }
  },
};

// ── TED: search API v3, notices performed in France, then each notice's XML ──────────────────────

const yyyymmdd = (date: string) => date.replaceAll('-', '');
const TED_PAGE = 100;
/** "404080-2018" → "2018-00404080": TED numbers restart each year. */
const tedKey = (id: string) => {
  const m = /^0*(\d+)-(\d{4})$/.exec(id);
  return m ? `${m[2]}-${m[1]!.padStart(10, '0')}` : id;
};

const ted: Source = {
  format: 'xml',
  ordered: true,
  idKey: tedKey,
  label: (from) => `TED (API v3) — FRA, publication-date ≥ ${from}`,
  async *items(ctx) {
    const { client, config, cursor, signal } = ctx;
    const from = cursor.date ?? ctx.since;
    const cpv = config.ted.cpv.length ? ` AND classification-cpv IN (${config.ted.cpv.join(' ')})` : '';
    const query = `place-of-performance=FRA AND publication-date>=${yyyymmdd(from)}${cpv} SORT BY publication-number ASC`;
    let token: string | undefined;
    for (;;) {
      const body = { query, fields: ['publication-number', 'publication-date'], limit: TED_PAGE, paginationMode: 'ITERATION', ...(token ? { iterationNextToken: token } : {}) };
      const page = await json(await client.request(`${config.ted.baseUrl}/v3/notices/search`, { method: 'POST', json: body }, signal));
      const notices = page.notices;
      if (!Array.isArray(notices)) throw new ConnectorFailure('sourcing-connector_bad_answer');
      for (const notice of notices as Record<string, unknown>[]) {
        const id = text(notice['publication-number']);
        const item = { date: text(notice['publication-date']).slice(0, 10), id };
        if (!/^\d+-\d{4}$/.test(id) || !/^\d{4}-\d{2}-\d{2}$/.test(item.date) || !isAfter(item, cursor, tedKey)) continue;
        const xml = await client.request(`${config.ted.noticeUrl}/en/notice/${id}/xml`, { accept: 'application/xml' }, signal);
        yield { ...item, body: await xml.text() };
      }
      token = typeof page.iterationNextToken === 'string' && page.iterationNextToken ? page.iterationNextToken : undefined;
      if (!token || notices.length === 0) break;
    }
  },
};

// ── DECP: the consolidated file of data.gouv.fr, read as it downloads ────────────────────────────

type Resource = { url?: unknown; format?: unknown; title?: unknown; last_modified?: unknown };

/** The dataset's JSON file; its address must stay on data.gouv.fr (or the configured host). */
function decpResource(dataset: Record<string, unknown>, baseUrl: string): { url: string; lastModified: number | null } {
  const resources = Array.isArray(dataset.resources) ? (dataset.resources as Resource[]) : [];
  const file = resources.find((r) => text(r.format).toLowerCase() === 'json' && /decp/i.test(text(r.title))) ?? resources.find((r) => text(r.format).toLowerCase() === 'json');
  if (!file) throw new ConnectorFailure('sourcing-connector_bad_answer');
  let url: URL;
  try {
    url = new URL(text(file.url));
  } catch {
    throw new ConnectorFailure('sourcing-connector_bad_answer');
  }
  const allowed = url.host === new URL(baseUrl).host || url.hostname === 'data.gouv.fr' || url.hostname.endsWith('.data.gouv.fr');
  if (!allowed || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new ConnectorFailure('sourcing-connector_bad_answer');
  const modified = Date.parse(text(file.last_modified));
  return { url: url.toString(), lastModified: Number.isNaN(modified) ? null : modified };
}

const decp: Source = {
  format: 'jsonl',
  ordered: false,
  label: (from) => `DECP (data.gouv.fr) — datePublicationDonnees ≥ ${from}`,
  async *items(ctx) {
    const { client, config, cursor, signal } = ctx;
    const meta = await json(await client.request(`${config.decp.baseUrl}/api/1/datasets/${encodeURIComponent(config.decp.dataset)}/`, {}, signal));
    const resource = decpResource(meta, config.decp.baseUrl);
    // Unchanged since the last run that read it whole: nothing new to read.
    if (ctx.lastSuccessAt && resource.lastModified !== null && resource.lastModified <= ctx.lastSuccessAt.getTime()) return;
    const response = await client.request(resource.url, {}, signal);
    if (!response.body) throw new ConnectorFailure('sourcing-connector_bad_answer');
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > MAX_IMPORT_BYTES ? new ConnectorFailure('sourcing-connector_too_large') : null, chunk);
      },
    });
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>).on('error', (e) => limit.destroy(e));
    body.pipe(limit);
    const since = cursor.date ?? ctx.since;
    for await (const record of readRecords(limit, 'decp.json')) {
      // The download broke off (the reader turns it into a refusal): the run fails, the cursor stays.
      if (record.type === 'refused') throw new ConnectorFailure(size > MAX_IMPORT_BYTES ? 'sourcing-connector_too_large' : 'sourcing-connector_unreachable');
      if (record.type !== 'json' || !record.value || typeof record.value !== 'object') continue;
      const v = record.value as Record<string, unknown>;
      const buyer = (v.acheteur && typeof v.acheteur === 'object' ? v.acheteur : {}) as Record<string, unknown>;
      const item = { date: text(v.datePublicationDonnees).slice(0, 10), id: text(v.uid) || `${text(buyer.id)}${text(v.id)}` };
      if (!/^\d{4}-\d{2}-\d{2}$/.test(item.date) || item.date < since || !item.id || !isAfter(item, cursor)) continue;
      yield { ...item, body: JSON.stringify(v) };
    }
  },
};

export const SOURCES: Record<ConnectorName, Source> = { boamp, ted, decp };
