// An S3-compatible server for the tests and the benches: s3rver (npm), the best-known emulator
// that installs here (see docs/decisions.md), started in a child process of its own on a free
// loopback port over a temporary folder, with one bucket. Its own process, so that measuring
// the test's memory or the storage's speed does not count the server's work.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Config } from '../../server/storage/s3';

// s3rver knows one account, whose key and secret are both S3RVER.
const KEY = 'S3RVER';

const CHILD = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, directory, silent: !process.env.S3RVER_LOG, configureBuckets: [{ name: bucket }] })
  .run()
  .then((address) => console.log('listening ' + address.port));
process.stdin.on('end', () => process.exit(0)).resume();
`;

export type S3TestServer = { config: S3Config; directory: string; stop: () => Promise<void> };

export async function startS3Server(bucket = 'soumissio-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'soumissio-s3-'));
  // stdin open: the server ends with its parent, even one killed without its teardown. The legacy
  // provider: s3rver encrypts its listing's continuation tokens with DES, which OpenSSL 3 leaves out.
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, directory, bucket], { stdio: ['pipe', 'pipe', 'inherit'], cwd: process.cwd() });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited before listening (${code})`)));
    setTimeout(() => reject(new Error('s3rver did not start in 20 s')), 20_000).unref();
  });
  return {
    config: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true },
    directory,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The environment the server and its commands read for this bucket (server/config.ts). */
export const s3Env = (config: S3Config): Record<string, string> => ({
  STORAGE: 's3',
  S3_ENDPOINT: config.endpoint!,
  S3_BUCKET: config.bucket,
  S3_REGION: config.region,
  S3_ACCESS_KEY_ID: config.accessKeyId!,
  S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
  S3_FORCE_PATH_STYLE: config.forcePathStyle ? '1' : '0',
});
