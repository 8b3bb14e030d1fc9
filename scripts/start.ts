// `npm start`: builds the web client when the build is missing or older than its sources,
// then starts the server (arguments such as --demo pass through).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const built = 'dist/index.html';

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), 0);
}

const sources = ['src', 'public', 'index.html', 'panda.config.ts', 'vite.config.ts'].filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale && !process.env.STATIC_DIR) {
  console.info('Building the web client…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../server/main');
