// The extraction child process (started by run.ts). Input: argv = [file path, temporary folder].
// Output: NDJSON lines on stdout, {type: 'progress', percent} then one {type: 'result', result}
// or {type: 'error', key}. It exits when its parent goes away (stdin closes).
import { extractFile } from './extract';
import { ExtractionError } from './types';

const [path, tmpDir] = process.argv.slice(2);

const send = (message: object) =>
  new Promise<void>((resolve) => {
    process.stdout.write(JSON.stringify(message) + '\n', () => resolve());
  });

// A parent that dies (or kills itself) closes this pipe: the child must not outlive it.
process.stdin.on('end', () => process.exit(1));
process.stdin.on('error', () => process.exit(1));
process.stdin.resume();

let lastPercent = -1;
try {
  if (!path || !tmpDir) throw new ExtractionError('extraction-corrupt');
  const result = await extractFile(path, {
    tmpDir,
    onProgress: (fraction) => {
      const percent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
      if (percent <= lastPercent) return;
      lastPercent = percent;
      void send({ type: 'progress', percent });
    },
  });
  await send({ type: 'result', result });
} catch (error) {
  if (!(error instanceof ExtractionError)) console.error(error);
  await send({ type: 'error', key: error instanceof ExtractionError ? error.key : 'extraction-corrupt' });
}
process.exit(0);
