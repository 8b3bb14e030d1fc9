// A local stand-in for the three sources of the built-in connectors, on 127.0.0.1, answering in the
// sources' real shapes with recorded records (tests/fixtures/sourcing/connectors/):
// - BOAMP: opendatasoft Explore v2.1 /catalog/datasets/boamp/records, { total_count, results },
//   filtered by the where clause's dateparution bounds, sorted by dateparution then idweb, paged;
// - TED: POST /v3/notices/search, { notices: [{ publication-number, publication-date }],
//   totalNoticeCount, iterationNextToken }, then GET /en/notice/{publication-number}/xml;
// - DECP: data.gouv.fr /api/1/datasets/{id}/ (its resources) and the consolidated file.
// Scripted faults (a status, headers) answer the next matching requests; every request is logged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const DIR = join(import.meta.dirname, '../fixtures/sourcing/connectors');

type OdsRecord = Record<string, unknown> & { idweb: string; dateparution: string };
export type TedNotice = { number: string; date: string; xml: string };

export const boampRecords = (): OdsRecord[] => (JSON.parse(readFileSync(join(DIR, 'akshaiyganesh_json_api_boamp_2006_v110_20records.json'), 'utf8')) as { results: OdsRecord[] }).results;

/** The TED notices of the fixtures, with the number and date their XML carries (DOC_ID, DATE_PUB). */
export const tedNotices = (): TedNotice[] =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('-EXP.xml'))
    .map((file) => {
      const xml = readFileSync(join(DIR, file), 'utf8');
      const number = /DOC_ID="([^"]+)"/.exec(xml)![1]!;
      const pub = /<DATE_PUB>(\d{4})(\d{2})(\d{2})<\/DATE_PUB>/.exec(xml)!;
      // TED's API gives the date with its offset.
      return { number, date: `${pub[1]}-${pub[2]}-${pub[3]}+02:00`, xml };
    })
    .sort((a, b) => a.date.localeCompare(b.date));

export const decpFile = () => readFileSync(join(DIR, 'data.gouv.fr_pes_2019-02-03.json'));

export type Fault = { path: RegExp; status: number; headers?: Record<string, string>; times: number };
export type Seen = { method: string; path: string; at: number; body?: string };

export type FakeSources = {
  base: string;
  /** What each source has published so far (tests add records between runs). */
  boamp: OdsRecord[];
  ted: TedNotice[];
  decp: { body: Buffer; lastModified: string };
  faults: Fault[];
  seen: Seen[];
  close(): Promise<void>;
};

export async function startFakeSources(): Promise<FakeSources> {
  const fake = {
    boamp: [] as OdsRecord[],
    ted: [] as TedNotice[],
    decp: { body: decpFile(), lastModified: '2019-02-03T06:00:00Z' },
    faults: [] as Fault[],
    seen: [] as Seen[],
  };
  const reply = (response: ServerResponse, status: number, value: unknown, type = 'application/json') =>
    response.writeHead(status, { 'content-type': type }).end(typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value));

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    fake.seen.push({ method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, at: Date.now(), ...(body ? { body } : {}) });
    const fault = fake.faults.find((f) => f.times > 0 && f.path.test(url.pathname));
    if (fault) {
      fault.times--;
      return response.writeHead(fault.status, fault.headers ?? {}).end('fault');
    }
    if (url.pathname === '/api/explore/v2.1/catalog/datasets/boamp/records') {
      const where = url.searchParams.get('where') ?? '';
      const from = /dateparution >= date'([\d-]+)'/.exec(where)?.[1] ?? '0000-00-00';
      const to = /dateparution < date'([\d-]+)'/.exec(where)?.[1] ?? '9999-99-99';
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      // The API's own limit: offset + limit past 10,000 is a 400.
      if (offset + limit > 10_000) return reply(response, 400, { error_code: 'InvalidRESTParameterError', message: 'offset + limit must be ≤ 10000' });
      const matching = fake.boamp.filter((r) => r.dateparution >= from && r.dateparution < to).sort((a, b) => a.dateparution.localeCompare(b.dateparution) || a.idweb.localeCompare(b.idweb));
      return reply(response, 200, { total_count: matching.length, results: matching.slice(offset, offset + limit) });
    }
    if (url.pathname === '/v3/notices/search' && request.method === 'POST') {
      const search = JSON.parse(body) as { query: string; limit: number; iterationNextToken?: string };
      const since = /publication-date>=(\d{8})/.exec(search.query)?.[1] ?? '00000000';
      const matching = fake.ted.filter((n) => n.date.slice(0, 10).replaceAll('-', '') >= since);
      const start = search.iterationNextToken ? Number(search.iterationNextToken.replace('token-', '')) : 0;
      const page = matching.slice(start, start + search.limit);
      const next = start + page.length < matching.length ? `token-${start + page.length}` : null;
      return reply(response, 200, {
        notices: page.map((n) => ({ 'publication-number': n.number, 'publication-date': n.date })),
        totalNoticeCount: matching.length,
        iterationNextToken: next,
        timedOut: false,
      });
    }
    const xml = /^\/en\/notice\/([\d-]+)\/xml$/.exec(url.pathname);
    if (xml) {
      const notice = fake.ted.find((n) => n.number === xml[1]);
      return notice ? reply(response, 200, notice.xml, 'application/xml') : reply(response, 404, { error: 'not found' });
    }
    if (/^\/api\/1\/datasets\/[\w-]+\/$/.test(url.pathname)) {
      return reply(response, 200, {
        id: '5cd57bf68b4c4179299eb0e9',
        title: 'Données essentielles de la commande publique - fichiers consolidés',
        resources: [
          { id: 'r-xml', title: 'decp.xml', format: 'xml', url: `${fakeSources.base}/decp.xml`, last_modified: fake.decp.lastModified },
          { id: 'r-json', title: 'decp.json', format: 'json', url: `${fakeSources.base}/decp.json`, last_modified: fake.decp.lastModified },
        ],
      });
    }
    if (url.pathname === '/decp.json') return reply(response, 200, fake.decp.body);
    return reply(response, 404, { error: 'not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const fakeSources: FakeSources = {
    ...fake,
    get boamp() {
      return fake.boamp;
    },
    set boamp(value) {
      fake.boamp = value;
    },
    get ted() {
      return fake.ted;
    },
    set ted(value) {
      fake.ted = value;
    },
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
  return fakeSources;
}
