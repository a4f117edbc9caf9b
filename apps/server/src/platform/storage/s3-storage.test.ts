import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Company, type Harness } from '../../test/harness.js';
import { fakeAdapter, inbound, makeChannel, phone } from '../../modules/messages/messages.test-support.js';
import { registerChannelAdapter } from '../../modules/channels/channel-registry.js';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.js';
import { createS3Storage, type S3Settings } from './s3-storage.js';
import { storageOf } from './storage.js';

let s3: S3StandIn;
let settings: S3Settings;
const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-s3-'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  s3 = await startS3StandIn();
  settings = {
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.url,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'prosa/',
  };
});
afterAll(() => s3.close());

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('S3-compatible media storage', () => {
  it('puts, reads, caches a local copy for adapters and deletes, under the prefix', async () => {
    const store = createS3Storage(settings, dataDir);
    const key = await store.put(7, PDF, 'application/pdf', 'contrato.pdf');
    expect(key).toMatch(/^7\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(s3.objects.get(`prosa/${key}`)).toMatchObject({ contentType: 'application/pdf' });
    expect(s3.objects.get(`prosa/${key}`)!.body.equals(PDF)).toBe(true);
    const { stream, size } = await store.read(key);
    expect(size).toBe(PDF.length);
    expect((await text(stream)).equals(PDF)).toBe(true);
    const file = await store.localFile(key);
    expect((await readFile(file)).equals(PDF)).toBe(true);
    const gets = s3.requests.filter((r) => r.method === 'GET').length;
    expect(await store.localFile(key)).toBe(file); // cached: no second download
    expect(s3.requests.filter((r) => r.method === 'GET').length).toBe(gets);
    await store.delete(key);
    expect(s3.objects.has(`prosa/${key}`)).toBe(false);
    await expect(store.read(key)).rejects.toThrow();
  });

  it('never touches a key of another shape, and fails with wrong credentials', async () => {
    const store = createS3Storage(settings, dataDir);
    await expect(store.read('../../etc/passwd')).rejects.toThrow('invalid media key');
    await expect(store.localFile('1/2024/01/../../x')).rejects.toThrow('invalid media key');
    const wrong = createS3Storage({ ...settings, accessKeyId: 'SOMEONEELSE' }, dataDir);
    await expect(wrong.put(7, PDF, 'application/pdf', 'x.pdf')).rejects.toThrow();
  });
});

describe('with S3_BUCKET set the app keeps media in the bucket', () => {
  let h: Harness;
  let a: Company;
  const fake = fakeAdapter('telegram');
  beforeAll(async () => {
    registerChannelAdapter(fake.adapter);
    h = await startHarness({ s3: settings });
    a = await h.company();
  });
  afterAll(() => h.close());

  it('an inbound file lands in the bucket and is served from it to who may see the ticket', async () => {
    const channel = await makeChannel(h, a);
    const r = await inbound(h, a, channel, {
      from: { number: phone() },
      body: '',
      mediaType: 'document',
      media: { data: PDF, mimeType: 'application/pdf', fileName: 'boleto.pdf' },
    });
    const before = s3.objects.size;
    expect(before).toBeGreaterThan(0);
    const served = await h.app.inject({
      method: 'GET',
      url: `/media/${r.messageId}`,
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(storageOf(h.app.platform.db).localPath).toThrow();
  });
});
