/**
 * SECURITY-CRITICAL: media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Wasabi...).
 * Same keys as the local store (generated here, shape-checked on every read), objects private:
 * files are still served only through the routes that check who may see them.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { isValidKey, newKey, type Storage } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services; empty for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (MinIO and most self-hosted services) rather than in the host name. */
  forcePathStyle: boolean;
  /** Optional prefix of every object key, e.g. "prosa/". */
  prefix: string;
}

/** The AWS SDK (~20 MB) is loaded on first use, so servers without S3_BUCKET never hold it. */
const sdk = () => import('@aws-sdk/client-s3');

export function createS3Storage(s3: S3Settings, dataDir: string): Storage {
  let made: Promise<S3Client> | undefined;
  const s3Client = () =>
    (made ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: s3.region,
          ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
          forcePathStyle: s3.forcePathStyle,
          ...(s3.accessKeyId && s3.secretAccessKey
            ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
            : {}),
        }),
    ));
  const cacheRoot = path.resolve(dataDir, 'media-cache');
  const objectKey = (key: string) => {
    if (!isValidKey(key)) throw new Error('invalid media key');
    return `${s3.prefix}${key}`;
  };
  return {
    async put(tenantId, bytes, mime, name) {
      const key = newKey(tenantId, name, mime);
      const [client, { PutObjectCommand }] = await Promise.all([s3Client(), sdk()]);
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: objectKey(key), Body: bytes, ContentType: mime }),
      );
      return key;
    },
    async read(key) {
      const [client, { GetObjectCommand }] = await Promise.all([s3Client(), sdk()]);
      const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
      if (!res.Body) throw new Error('empty object');
      return { stream: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
    },
    localPath() {
      throw new Error('media is in S3: use localFile');
    },
    async localFile(key) {
      // Adapters upload from disk: a copy is cached under DATA_DIR/media-cache (keys never change).
      const file = path.join(cacheRoot, ...objectKey(key).split('/'));
      const have = await stat(file).catch(() => null);
      if (have) return file;
      await mkdir(path.dirname(file), { recursive: true });
      const [client, { GetObjectCommand }] = await Promise.all([s3Client(), sdk()]);
      const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await pipeline(res.Body as Readable, createWriteStream(tmp));
      await rename(tmp, file);
      return file;
    },
    async delete(key) {
      const [client, { DeleteObjectCommand }] = await Promise.all([s3Client(), sdk()]);
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
      await rm(path.join(cacheRoot, ...objectKey(key).split('/')), { force: true });
    },
  };
}
