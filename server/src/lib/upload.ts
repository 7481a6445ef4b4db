/** Reads the one file of a multipart/form-data upload, with the caller's errors for each failure. */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../errors';

export interface UploadErrors {
  /** Not multipart at all (415 by default). */
  notMultipart: AppError;
  /** No file, or a form that cannot be read (400). */
  missing: AppError;
  /** Over the size limit (413). */
  tooLarge: AppError;
}

/** `fileSize` (bytes) overrides the app's default limit for this upload. */
export async function readUpload(
  request: FastifyRequest,
  errors: UploadErrors,
  fileSize?: number,
): Promise<{ file: MultipartFile; content: Buffer }> {
  if (!request.isMultipart()) throw errors.notMultipart;
  let file: MultipartFile | undefined;
  try {
    file = await request.file(fileSize ? { limits: { fileSize, files: 1, fields: 0, parts: 2 } } : undefined);
  } catch (error) {
    // A malformed form (no boundary, a broken part) is the sender's mistake, not ours.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw errors.missing;
  }
  if (!file) throw errors.missing;
  try {
    return { file, content: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge;
    throw error;
  }
}
