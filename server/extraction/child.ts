// The extraction child process (started by pool.ts), long-lived: it reads one job at a time as a
// JSON line on stdin, {path, tmpDir, tools}, and answers with NDJSON lines on stdout,
// {type: 'progress', percent} then one {type: 'result', result, heapUsed} or {type: 'error', key,
// heapUsed}. The parent sends the next job only after the answer. It exits when its parent goes
// away (stdin closes).
import { createInterface } from 'node:readline';
import { extractFile } from './extract';
import type { ExtractionTools } from './tools';
import { ExtractionError } from './types';

type Job = { path?: string; tmpDir?: string; tools?: ExtractionTools };

const send = (message: object) =>
  new Promise<void>((resolve) => {
    process.stdout.write(JSON.stringify(message) + '\n', () => resolve());
  });

async function run(job: Job) {
  let lastPercent = -1;
  try {
    if (!job.path || !job.tmpDir || !job.tools) throw new ExtractionError('extraction-corrupt');
    const result = await extractFile(job.path, {
      tmpDir: job.tmpDir,
      tools: job.tools,
      onProgress: (fraction) => {
        const percent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
        if (percent <= lastPercent) return;
        lastPercent = percent;
        void send({ type: 'progress', percent });
      },
    });
    // The heap it holds now tells the parent whether to keep this process for another file.
    await send({ type: 'result', result, heapUsed: process.memoryUsage().heapUsed });
  } catch (error) {
    if (!(error instanceof ExtractionError)) console.error(error);
    await send({ type: 'error', key: error instanceof ExtractionError ? error.key : 'extraction-corrupt', heapUsed: process.memoryUsage().heapUsed });
  }
}

// A parent that dies (or kills itself) closes this pipe: the child must not outlive it, even mid-file.
process.stdin.on('end', () => process.exit(1));
process.stdin.on('error', () => process.exit(1));

let queue = Promise.resolve();
createInterface({ input: process.stdin, crlfDelay: Infinity }).on('line', (line) => {
  let job: Job;
  try {
    job = JSON.parse(line) as Job;
  } catch {
    job = {};
  }
  queue = queue.then(() => run(job));
});
