/**
 * A local stand-in of the S3 REST API (path-style PutObject, GetObject, HeadObject, DeleteObject),
 * for the tests of s3-storage.ts: requests must carry a SigV4 Authorization header with the known
 * access key, the body's SHA-256 must match x-amz-content-sha256 when it is given, and errors come
 * back in S3's XML shape.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3StandIn {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; key: string }[];
  close(): Promise<void>;
}

const xmlError = (res: ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
};

/** Bodies sent with content-encoding aws-chunked: "<hex size>[;ext]\r\n<data>\r\n" ... "0\r\n". */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = Number.parseInt(raw.subarray(at, eol).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export async function startS3StandIn(bucket = 'prosa-media'): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; key: string }[] = [];
  const accessKeyId = 'PROSATESTKEY';
  const secretAccessKey = 'prosa-test-secret';
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Buffer = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://x');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push({ method: req.method ?? '', key });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return xmlError(res, 403, 'InvalidAccessKeyId');
    if (b !== bucket) return xmlError(res, 404, 'NoSuchBucket');
    if (req.method === 'PUT') {
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) body = dechunk(body);
      const declared = String(req.headers['x-amz-content-sha256'] ?? '');
      if (/^[0-9a-f]{64}$/.test(declared) && declared !== createHash('sha256').update(body).digest('hex'))
        return xmlError(res, 400, 'XAmzContentSHA256Mismatch');
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    const obj = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (!obj) return xmlError(res, 404, 'NoSuchKey');
    res.writeHead(200, { 'content-type': obj.contentType, 'content-length': obj.body.length });
    res.end(req.method === 'HEAD' ? undefined : obj.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
