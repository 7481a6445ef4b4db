/**
 * The routes that take a file, in a scope of their own with @fastify/multipart; and the one file of
 * a multipart/form-data upload, read with the caller's errors for each failure.
 */
import { StringDecoder } from 'node:string_decoder';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppError } from '../errors';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The one file a multipart/form-data route takes, in words for the API description: its body is
     * read as a stream, not a validated schema, so the docs learn what it is from here (app.ts).
     */
    uploadFile?: string;
  }
}

/**
 * Registers `routes` (those taking multipart/form-data) in a scope of their own where
 * @fastify/multipart reads forms of one file of at most `fileSize` bytes. Not on the whole app: the
 * plugin hooks every request of its scope (an async `onRequest` that listens for the connection's
 * close, an async `onResponse` that cleans saved files), listeners and promises that every other
 * answer paid for nothing. Elsewhere a multipart body is refused with 415, as any other type a route
 * does not read.
 */
export function uploadRoutes(
  app: FastifyInstance,
  fileSize: number,
  routes: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize, files: 1, fields: 0, parts: 2 } });
    routes(scope);
  });
}

export interface UploadErrors {
  /** Not multipart at all (415 by default). */
  notMultipart: AppError;
  /** No file, or a form that cannot be read (400). */
  missing: AppError;
  /** Over the size limit (413). */
  tooLarge: AppError;
}

/** The file, at most the scope's `fileSize` (uploadRoutes). */
export async function readUpload(
  request: FastifyRequest,
  errors: UploadErrors,
): Promise<{ file: MultipartFile; content: Buffer }> {
  const file = await uploadedFile(request, errors);
  try {
    return { file, content: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge;
    throw error;
  }
}

/**
 * The uploaded file as UTF-8 text, decoded piece by piece as it arrives and kept in those pieces:
 * a 10 MB file is never one Buffer copied whole and decoded whole, nor one string joined whole,
 * which held the event loop for ~70 ms, then ~30 ms, at once here (D41;
 * `modules/calendar/hostile.test.ts`).
 */
export async function readUploadText(
  request: FastifyRequest,
  errors: UploadErrors,
): Promise<{ file: MultipartFile; text: string[] }> {
  const file = await uploadedFile(request, errors);
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    // Past the limit the rest is read and dropped, as the library's toBuffer does.
    if (!file.file.truncated) parts.push(decoder.write(chunk));
  }
  if (file.file.truncated) throw errors.tooLarge;
  parts.push(decoder.end());
  return { file, text: parts };
}

async function uploadedFile(request: FastifyRequest, errors: UploadErrors): Promise<MultipartFile> {
  if (!request.isMultipart()) throw errors.notMultipart;
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch (error) {
    // A malformed form (no boundary, a broken part) is the sender's mistake, not ours.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw errors.missing;
  }
  if (!file) throw errors.missing;
  return file;
}
