/**
 * The Bot API takes a method's parameters as a query string, urlencoded form, JSON or multipart
 * form (https://core.telegram.org/bots/api#making-requests). This reads any of them into one
 * object; form values are strings, as on the wire, and the stand-in coerces what it needs.
 */
import type { IncomingMessage } from 'node:http';

export interface UploadedFile {
  data: Buffer;
  fileName: string;
  mimeType: string;
}

export interface RequestParams {
  fields: Record<string, unknown>;
  /** Files of a multipart request, by part name (`photo`, or the id of an `attach://id` reference). */
  files: Map<string, UploadedFile>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readParams(req: IncomingMessage, url: URL): Promise<RequestParams> {
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const files = new Map<string, UploadedFile>();
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const body = await readBody(req);
  if (body.length === 0) return { fields, files };
  if (type.startsWith('application/json')) {
    Object.assign(fields, JSON.parse(body.toString('utf8')) as Record<string, unknown>);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(fields, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  } else if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(String(req.headers['content-type']));
    if (!boundary) throw new Error('multipart body without boundary');
    for (const part of multipartParts(body, boundary[1] ?? boundary[2]!)) {
      if (part.fileName === undefined) fields[part.name] = part.data.toString('utf8');
      else files.set(part.name, { data: part.data, fileName: part.fileName || part.name, mimeType: part.mimeType });
    }
  }
  return { fields, files };
}

/**
 * A tolerant multipart/form-data reader, as lenient as Telegram's: grammY writes its headers
 * without spaces and its file names unquoted (`content-disposition:form-data;name="x";filename=a.png`),
 * which stricter parsers (the web Request's) refuse.
 */
function multipartParts(
  body: Buffer,
  boundary: string,
): { name: string; fileName?: string; mimeType: string; data: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string; fileName?: string; mimeType: string; data: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next < 0) break;
    // A part is CRLF, headers, CRLF CRLF, data, CRLF, then the next delimiter.
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8').split('\r\n');
      const header = (name: string) =>
        headers
          .find((h) => h.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim() ?? '';
      const disposition = header('content-disposition');
      const param = (key: string) => new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^;]*))`, 'i').exec(disposition);
      const name = param('name');
      const fileName = param('filename');
      if (name)
        parts.push({
          name: name[1] ?? name[2]!.trim(),
          ...(fileName ? { fileName: (fileName[1] ?? fileName[2]!).trim() } : {}),
          mimeType: header('content-type') || 'application/octet-stream',
          data: Buffer.from(part.subarray(headerEnd + 4)),
        });
    }
    start = next;
  }
  return parts;
}

/** A form value that carries JSON (reply_parameters, allowed_updates) as the real API accepts it. */
export function jsonField<T>(value: unknown): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return undefined;
  }
}

export function intField(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}
