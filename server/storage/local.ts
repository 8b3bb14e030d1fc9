import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import type { Storage } from './storage';

// Written by put and putTemporary only, so that a sweep never removes anything else.
export const temporaryName = /\.[0-9a-f]{12}\.tmp$/;
const temporaryKey = (key: string) => `${key}.${randomBytes(6).toString('hex')}.tmp`;

/** Files under one folder; each write goes to a temporary file renamed into place. */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Storage key outside the storage folder: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = pathOf(temporaryKey(key));
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async putTemporary(key, stream, maxBytes) {
      await mkdir(dirname(pathOf(key)), { recursive: true });
      const tempKey = temporaryKey(key);
      const temp = pathOf(tempKey);
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, size > maxBytes ? undefined : chunk);
        },
      });
      try {
        await pipeline(stream, limit, createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      if (size > maxBytes) {
        await rm(temp, { force: true });
        throw new AppError(413, 'common-invalid_file_size');
      }
      return { tempKey, size };
    },
    async rename(fromKey, toKey) {
      const to = pathOf(toKey);
      await mkdir(dirname(to), { recursive: true });
      await rename(pathOf(fromKey), to);
    },
    async readRange(key, position, length) {
      const file = await open(pathOf(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        let filled = 0;
        while (filled < length) {
          const { bytesRead } = await file.read(buffer, filled, length - filled, position + filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      } finally {
        await file.close();
      }
    },
    async list(prefix) {
      const folder = pathOf(prefix);
      let names: string[];
      try {
        names = await readdir(folder, { recursive: true, encoding: 'utf8' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const found: { key: string; modifiedMs: number }[] = [];
      for (const name of names.filter((n) => !temporaryName.test(n))) {
        const info = await stat(join(folder, name)).catch(() => undefined);
        if (info?.isFile()) found.push({ key: `${prefix.replace(/\/+$/, '')}/${name.split(sep).join('/')}`, modifiedMs: info.mtimeMs });
      }
      return found;
    },
    async sweepTemporary(olderThanMs = 0) {
      let names: string[];
      try {
        names = await readdir(base, { recursive: true, encoding: 'utf8' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names.filter((n) => temporaryName.test(n))) {
        const path = join(base, name);
        const info = await stat(path).catch(() => undefined);
        if (!info?.isFile() || Date.now() - info.mtimeMs < olderThanMs) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
