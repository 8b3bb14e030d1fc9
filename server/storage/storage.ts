import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are relative, slash-separated paths chosen by the server. */
export interface Storage {
  /** Writes the whole object atomically: readers never see a partial file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or undefined when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}
