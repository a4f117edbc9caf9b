// SECURITY-CRITICAL: the operator's logos and icons, served afterwards to anyone (the login page).
// The type is decided by the bytes (file-type), never by the name or the declared type, and only
// PNG, JPEG and WebP pass: an SVG can carry scripts, so it is refused rather than sanitised. Then
// the size (BRANDING_MAX_BYTES) and the pixel dimensions of SPEC §9 for the ref.
import { BRANDING_IMAGE_TYPES, BRANDING_MAX_BYTES, brandingImageFits, type BrandingMediaRef } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/http/app-error.js';
import { readingMultipart } from '../../platform/http/multipart-errors.js';
import type { CheckedImage } from './commands/save-branding.js';
import { imageDimensions } from './image-dimensions.js';

/** Multipart limits for the upload route: one file; a few fields a client may add are ignored. */
export const BRANDING_MULTIPART_LIMITS = { fileSize: BRANDING_MAX_BYTES, files: 1, fields: 4, parts: 5 };

const isAllowedType = (mime: string): mime is CheckedImage['type'] => (BRANDING_IMAGE_TYPES as readonly string[]).includes(mime);

/** The bytes of field `file`, or ERR_FILE_TOO_LARGE; nothing is kept. */
async function readFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  if (Number(req.headers['content-length'] ?? 0) > BRANDING_MAX_BYTES + 64 * 1024) throw new AppError('ERR_FILE_TOO_LARGE');
  return readingMultipart(async () => {
    const file = await req.file({ limits: BRANDING_MULTIPART_LIMITS });
    if (!file || file.fieldname !== 'file') throw new AppError('ERR_VALIDATION', { file: 'validation.required' });
    try {
      return await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_FILE_TOO_LARGE');
      throw err;
    }
  });
}

/** The uploaded image of `ref`, checked; any failure throws before anything is stored. */
export async function readBrandingImage(req: FastifyRequest, ref: BrandingMediaRef): Promise<CheckedImage> {
  const data = await readFile(req);
  if (data.length === 0) throw new AppError('ERR_VALIDATION', { file: 'validation.required' });
  const type = (await fileTypeFromBuffer(data))?.mime;
  if (!type || !isAllowedType(type)) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  const size = imageDimensions(data, type);
  if (!size) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  if (!brandingImageFits(ref, size.width, size.height)) throw new AppError('ERR_IMAGE_DIMENSIONS');
  return { data, type, ...size };
}
