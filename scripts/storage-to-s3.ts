// npm run storage:to-s3 : copies the files of an installation (DATA_DIR/files) to the bucket the
// S3_* variables name, then reads every object back and checks it against its file. Safe to run
// again: what is already there whole is skipped. Stop the server (or its uploads) first, then
// start it with STORAGE=s3. Exit code 1 when an object differs from its file or the copy failed.
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { moveFilesToBucket } from '../server/storage/to-s3';

let config;
try {
  // The bucket's settings are read as the server reads them, STORAGE=s3 or not yet.
  config = loadConfig({ ...process.env, STORAGE: 's3' });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (config.storage.kind !== 's3') throw new Error('unreachable: STORAGE=s3 was set');
try {
  const summary = await moveFilesToBucket(join(config.dataDir, 'files'), config.storage, (line) => console.info(line));
  process.exit(summary.mismatches.length ? 1 : 0);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
