import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are relative, slash-separated paths chosen by the server. */
export interface Storage {
  /** Writes the whole object atomically: readers never see a partial file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or undefined when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Streams into a new temporary object (on disk `<key>.<random>.tmp`; in a bucket under `.tmp/`), invisible under
   * `key` until renamed into place. Past `maxBytes` the rest of the stream is read and dropped
   * (a multipart parser stalls on a part nobody reads), the temporary object is removed and a
   * 413 AppError is thrown.
   */
  putTemporary(key: string, stream: Readable, maxBytes: number): Promise<{ tempKey: string; size: number }>;
  /** Moves an object onto another key atomically, replacing what was there. */
  rename(fromKey: string, toKey: string): Promise<void>;
  /** Up to `length` bytes from `position`: enough to read a ZIP's directory without loading it whole. */
  readRange(key: string, position: number, length: number): Promise<Buffer>;
  /**
   * Removes the temporary objects a crash left behind (a server killed mid-upload), returning
   * how many. Call it at start, or with `olderThanMs` while uploads may be running.
   */
  sweepTemporary(olderThanMs?: number): Promise<number>;
  /** The finished objects under a folder (temporary ones left out), with when each was last written. */
  list(prefix: string): Promise<{ key: string; modifiedMs: number }[]>;
}
