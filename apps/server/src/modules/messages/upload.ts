// SECURITY-CRITICAL: files from the browser. The type is decided by the bytes (file-type), never by
// the name or the declared type; HTML, SVG, scripts and executables are refused. Sizes follow
// SPEC §9: 50 MB of files in total, 100 MB per message request.
import { LIMITS } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/http/app-error.js';
import { findControlChar } from '../../platform/http/control-chars.js';
import { readingMultipart } from '../../platform/http/multipart-errors.js';

export interface UploadedFile {
  data: Buffer;
  mime: string;
  name: string;
  mediaType: 'image' | 'audio' | 'video' | 'document';
}

/** Multipart limits, for registering @fastify/multipart in this module. */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.chatFilesTotal,
  files: 10,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 20,
};

const DOCUMENTS = new Set([
  'application/pdf',
  'application/rtf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  // Legacy Office files (doc, xls, ppt) are OLE compound files.
  'application/x-cfb',
]);
const DOCUMENT_PREFIXES = ['application/vnd.openxmlformats-officedocument.', 'application/vnd.oasis.opendocument.'];
const TEXT_TYPES: Record<string, string> = { 'text/plain': 'txt', 'text/csv': 'csv' };

export function mediaTypeOf(mime: string): UploadedFile['mediaType'] {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/** A file name safe to store and to put in a header: no path, no control characters. */
export function safeFileName(name: string, fallback = 'file'): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  return (base || fallback).slice(0, 200);
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The type a file really is, or ERR_FILE_TYPE_NOT_ALLOWED. */
export async function sniff(data: Buffer, declared: string, name: string): Promise<string> {
  const found = await fileTypeFromBuffer(data);
  if (found) {
    const m = found.mime;
    if (m === 'image/svg+xml') throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
    if (m.startsWith('image/') || m.startsWith('audio/') || m.startsWith('video/')) return m;
    if (DOCUMENTS.has(m) || DOCUMENT_PREFIXES.some((p) => m.startsWith(p))) return m;
    throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
  }
  // Plain text has no signature: accepted as text/plain or text/csv when declared or named so and
  // when the bytes really are text.
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  const type = TEXT_TYPES[declared] ? declared : Object.keys(TEXT_TYPES).find((t) => TEXT_TYPES[t] === ext);
  if (type && isUtf8Text(data)) return type;
  throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED');
}

/**
 * Fields and files of a multipart message request, checked against the limits of SPEC §9. Fields
 * follow the rule of JSON bodies: no control characters but tab and line breaks (control-chars.ts).
 */
export async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > LIMITS.messageInput) throw new AppError('ERR_FILE_TOO_LARGE');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  await readingMultipart(async () => {
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // toBuffer throws a 413 (ERR_FILE_TOO_LARGE) past MULTIPART_LIMITS.fileSize.
      const data = await part.toBuffer();
      total += data.length;
      if (total > LIMITS.chatFilesTotal) throw new AppError('ERR_FILE_TOO_LARGE');
      if (data.length === 0) continue;
      const name = safeFileName(part.filename);
      const mime = await sniff(data, part.mimetype, name);
      files.push({ data, mime, name, mediaType: mediaTypeOf(mime) });
    }
  });
  const bad = findControlChar(fields);
  if (bad !== undefined) throw new AppError('ERR_VALIDATION', { [bad]: 'validation.invalidValue' });
  return { fields, files };
}
