/**
 * SECURITY-CRITICAL: media files. Keys are generated here (tenant id, month, random id), never
 * taken from a request, and every read checks the key's shape so no path can leave the media
 * folder. Files are served only through routes that check who may see them (no public URLs).
 *
 * Local disk under DATA_DIR/media by default; an S3-compatible bucket when S3_BUCKET is set
 * (s3-storage.ts). Keys have the same shape in both.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Database } from '../db/client.js';

export interface Storage {
  /** Stores `bytes`; answers the key to keep on the row. */
  put(tenantId: number, bytes: Buffer, mime: string, name: string): Promise<string>;
  /** A stream of the stored bytes; throws when the key is unknown. */
  read(key: string): Promise<{ stream: Readable; size: number }>;
  /** A local file path of the key, synchronously: local storage only (tests read files with it). */
  localPath(key: string): string;
  /** A local file with the key's bytes (adapters upload from disk): the file itself, or a cached copy. */
  localFile(key: string): Promise<string>;
  /** Forwarded copies share their original's key: delete only when no message refers to it. */
  delete(key: string): Promise<void>;
}

const KEY_RE = /^(\d+)\/(\d{4})\/(\d{2})\/([0-9a-f-]{36})(\.[a-z0-9]{1,10})?$/;

/** The file extension kept on the key (from the name, else the mime type), letters and digits only. */
function extensionOf(name: string, mime: string): string {
  const fromName = path.extname(name).slice(1).toLowerCase();
  const ext = /^[a-z0-9]{1,10}$/.test(fromName)
    ? fromName
    : (mime.split('/')[1] ?? '').replace(/[^a-z0-9]/g, '').slice(0, 10);
  return ext ? `.${ext}` : '';
}

export function isValidKey(key: string): boolean {
  return KEY_RE.test(key);
}

/** A new key of `tenantId` for a file called `name` of type `mime`. */
export function newKey(tenantId: number, name: string, mime: string): string {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error('storage needs a tenant id');
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${tenantId}/${now.getUTCFullYear()}/${month}/${randomUUID()}${extensionOf(name, mime)}`;
}

export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'media');
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error('invalid media key');
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(tenantId, bytes, mime, name) {
      const key = newKey(tenantId, name, mime);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      return key;
    },
    async read(key) {
      const file = fileOf(key);
      const info = await stat(file);
      return { stream: createReadStream(file), size: info.size };
    },
    localPath: fileOf,
    async localFile(key) {
      return fileOf(key);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** One storage per app instance, found through the scope's database (tests run several apps). */
const stores = new WeakMap<Database, Storage>();

export function setStorage(db: Database, storage: Storage): void {
  stores.set(db, storage);
}

export function storageOf(db: Database): Storage {
  const s = stores.get(db);
  if (!s) throw new Error('media storage not configured');
  return s;
}
