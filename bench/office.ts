// `npm run bench:office`: the demo memory's PDF export timed both ways LibreOffice can run
// (issue 27), real processes on one PostgreSQL (tests/support/fleet.ts): in-process, as the default
// role `all` does it, and as office jobs, an API process queuing them for a worker. Warm instances
// on both sides (two exports first, not counted), then BENCH_OFFICE_EXPORTS exports each, one at a
// time. Prints figures; never fails on a slow machine.
import { loadavg } from 'node:os';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { DEMO_MEMORY_TITLE } from '../server/db/demo-memory';
import { createFleet, eventually, postgresReachable, signIn, type Member } from '../tests/support/fleet';

const EXPORTS = Number(process.env.BENCH_OFFICE_EXPORTS ?? 8);
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

if (!(await postgresReachable())) {
  console.info('bench:office: no PostgreSQL on 127.0.0.1:5432');
  process.exit(0);
}
const fleet = await createFleet();
try {
  const time = async (member: Member, auth: { authorization: string }, memoryId: string) => {
    const started = performance.now();
    const res = await fetch(`${member.base}/api/memories/${memoryId}/export.pdf?acceptLimits=true`, { headers: auth });
    const size = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`export.pdf: ${res.status}`);
    return { ms: performance.now() - started, size };
  };
  const measure = async (label: string, member: Member) => {
    const auth = await signIn(member.base, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    const profile = (await (await fetch(`${member.base}/api/users/profile`, { headers: auth })).json()) as { company: { _id: string } };
    const list = (await (await fetch(`${member.base}/api/companies/${profile.company._id}/memories`, { headers: auth })).json()) as { memories: { _id: string; title: string }[] };
    const memoryId = list.memories.find((m) => m.title === DEMO_MEMORY_TITLE)!._id;
    const cold = await time(member, auth, memoryId);
    await time(member, auth, memoryId);
    const runs: number[] = [];
    for (let i = 0; i < EXPORTS; i++) runs.push((await time(member, auth, memoryId)).ms);
    console.info(`${label}: first (LibreOffice cold) ${Math.round(cold.ms)} ms; warm p50 ${Math.round(percentile(runs, 0.5))} ms, max ${Math.round(Math.max(...runs))} ms over ${EXPORTS} (PDF ${Math.round(cold.size / 1024)} KB)`);
  };
  // 1. One process (role all) with its own LibreOffice: no job.
  const all = await fleet.start('all', { DEMO: '1' });
  await measure('in-process (role all)', all);
  await fleet.stop(all);
  await fleet.query('delete from office_workers');
  // 2. An API process without LibreOffice and a worker: two office jobs per export (the table of contents' pages, the PDF).
  const api = await fleet.start('api', { SOFFICE_PATH: '/nonexistent/soffice' });
  await fleet.start('worker', { OFFICE_CONCURRENCY: '1' });
  await eventually(async () => (await fleet.query('select 1 from office_workers')).length > 0, 30_000, 'the worker announcing LibreOffice');
  await measure('office jobs (role api + worker)', api);
  console.info(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  await fleet.close();
}
