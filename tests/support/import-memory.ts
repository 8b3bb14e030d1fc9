// Reads a notice export with the importers and prints, as JSON, how many notices and refusals it
// gave and how much the process's RSS grew while reading. Run in a process of its own by the
// bounded-memory tests: in the test runner's process, other files' servers and jobs share the RSS.
import { importNotices } from '../../server/domains/sourcing';

const file = process.argv[2]!;
global.gc?.();
const base = process.memoryUsage().rss;
let peak = base;
let count = 0;
let refused = 0;
for await (const r of importNotices(file)) {
  if ('notice' in r) count++;
  else refused++;
  if ((count + refused) % 100 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
console.info(JSON.stringify({ count, refused, growth: Math.max(peak, process.memoryUsage().rss) - base }));
