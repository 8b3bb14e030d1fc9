// The chat's index builder, a worker thread (started by passages.ts): the server's thread reads a
// tender's pages from the database in slices and posts them here as they come; this thread cuts
// them into passages, stems their words and packs the index into flat arrays, which it sends
// back, the arrays transferred. Messages, each for one build (`id`), builds kept apart:
//   {type: 'pages', id, bodies}: the next pages' bodies, in reading order ('' for an empty page);
//   {type: 'end', id}: no more pages, answered {type: 'built', id, packed} or {type: 'failed', id, message};
//   {type: 'drop', id}: the build is abandoned (the pages could not be read).
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { IndexBuilder, packedBuffers } from '../../analysis/retrieval';

// On a busy machine the server's thread comes first: Linux gives each thread its own nice value
// (this call lowers this thread's only; elsewhere it would lower the whole process, so it is not made).
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // Not allowed: the thread runs at the server's priority.
  }
}

type Message = { type: 'pages'; id: number; bodies: string[] } | { type: 'end'; id: number } | { type: 'drop'; id: number };

const builds = new Map<number, { builder: IndexBuilder; failure?: string }>();
const port = parentPort!;

port.on('message', (message: Message) => {
  const build = builds.get(message.id) ?? { builder: new IndexBuilder() };
  builds.set(message.id, build);
  if (message.type === 'drop') {
    builds.delete(message.id);
    return;
  }
  if (message.type === 'pages') {
    if (build.failure) return;
    try {
      for (const body of message.bodies) build.builder.add(body);
    } catch (error) {
      build.failure = error instanceof Error ? error.message : String(error);
    }
    return;
  }
  builds.delete(message.id);
  if (build.failure) {
    port.postMessage({ type: 'failed', id: message.id, message: build.failure });
    return;
  }
  try {
    const packed = build.builder.pack();
    port.postMessage({ type: 'built', id: message.id, packed }, packedBuffers(packed));
  } catch (error) {
    port.postMessage({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});
