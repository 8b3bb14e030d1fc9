import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { ValidationFailure } from './error-handler';

export type UploadedFile = { field: string; filename: string; data: Buffer };

const invalidForm = () => new AppError(400, 'common-invalid_request');

/**
 * The multipart parser throws plain errors (no code, no status) for a body it cannot read: no
 * usable boundary, or a body that ends before its closing boundary (a part cut off). Those are
 * the client's fault: 400. Its limits carry FST_* codes and are mapped by the error handler.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error) || (error as { code?: unknown }).code !== undefined) return error;
  return /unexpected end of multipart data|boundary|needle/i.test(error.message) ? invalidForm() : error;
}

/** RFC 2046: a boundary is 1 to 70 characters; the parser would throw on a missing or empty one. */
function checkBoundary(request: FastifyRequest) {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(request.headers['content-type'] ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (boundary.length < 1 || boundary.length > 70) throw invalidForm();
}

/** A file name goes to the database as text: PostgreSQL refuses NUL characters in text. */
function checkFileName(field: string, filename: string) {
  if (filename.includes('\u0000')) throw new ValidationFailure([{ field, key: 'validation-invalid', vars: {} }]);
}

/**
 * Reads a whole multipart form (files are size-limited by the multipart plugin) and checks it
 * against the operation's form schema before anything is written.
 */
export async function readForm(request: FastifyRequest, options: { maxFileBytes?: number } = {}): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const spec = request.routeOptions.config.multipart;
  if (!spec || !request.isMultipart()) throw new AppError(415, 'common-unsupported_media_type');
  checkBoundary(request);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    // A form may allow larger files than the plugin's default (a company's logo).
    for await (const part of request.parts(options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes } } : undefined)) {
      if (part.type === 'file') {
        if (!spec.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new ValidationFailure([{ field: part.fieldname, key: 'validation-unknown_field', vars: {} }]);
        }
        files.push({ field: part.fieldname, filename: part.filename, data: await part.toBuffer() });
        checkFileName(part.fieldname, part.filename);
      } else if (spec.fileFields.includes(part.fieldname)) {
        throw new ValidationFailure([{ field: part.fieldname, key: 'validation-type', vars: {} }]);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  spec.validateFields(fields);
  return { fields, files };
}

const signatures: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { mime: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image type from the file's first bytes; the name and the declared type are not trusted. */
export function sniffImage(data: Buffer): { mime: string; ext: string } | undefined {
  const found = signatures.find((s) => s.test(data));
  return found && { mime: found.mime, ext: found.ext };
}

/** A file part handed to `readUpload`'s receiver: its stream must be read to the end (or destroyed). */
export type FilePart = { field: string; filename: string; stream: Readable };

/**
 * Reads a multipart form whose fields come before one file, without holding the file in memory:
 * the fields are checked against the operation's form schema as soon as the file part starts, then
 * `receive` streams it (typically into receiveUpload) and may refuse it first from the fields.
 * `fileAlone`: a form that is complete with the file and no field (a patch replacing only the
 * file), whose schema's `minProperties` cannot see the file. Anything failing after `receive`
 * answered discards what it received.
 */
export async function readUpload<T extends { discard(): Promise<void> }>(
  request: FastifyRequest,
  options: { maxFileBytes: number; fileAlone?: boolean; receive: (fields: Record<string, string>, file: FilePart) => Promise<T> },
): Promise<{ fields: Record<string, string>; received: T | undefined }> {
  const spec = request.routeOptions.config.multipart;
  if (!spec || !request.isMultipart()) throw new AppError(415, 'common-unsupported_media_type');
  checkBoundary(request);
  const fields: Record<string, string> = {};
  let received: T | undefined;
  try {
    // One byte past the limit reaches the storage, which then answers 413 itself.
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes + 1, files: 1 } })) {
      if (part.type === 'file') {
        try {
          if (!spec.fileFields.includes(part.fieldname)) throw new ValidationFailure([{ field: part.fieldname, key: 'validation-unknown_field', vars: {} }]);
          checkFileName(part.fieldname, part.filename);
          if (!(options.fileAlone && Object.keys(fields).length === 0)) spec.validateFields(fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        // `receive` reads the stream: on a refusal before reading it, the rest is drained.
        received = await options.receive(fields, { field: part.fieldname, filename: part.filename, stream: part.file }).catch((error: unknown) => {
          if (!part.file.readableEnded) part.file.resume();
          throw error;
        });
      } else if (received) {
        // Our client sends the fields first; a field after the file would have escaped the checks.
        throw new ValidationFailure([{ field: part.fieldname, key: 'validation-unknown_field', vars: {} }]);
      } else if (spec.fileFields.includes(part.fieldname)) {
        throw new ValidationFailure([{ field: part.fieldname, key: 'validation-type', vars: {} }]);
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!received) spec.validateFields(fields);
  } catch (error) {
    await received?.discard();
    throw asClientError(error);
  }
  return { fields, received };
}
