// With S3_BUCKET set, the operator's logos and icons go to the bucket like every other media file.
import type { Branding } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../platform/storage/s3-stand-in.js';
import { startHarness, type Harness } from '../../test/harness.js';
import { multipartFile, png } from './branding.test-support.js';

let s3: S3StandIn;
let h: Harness;

beforeAll(async () => {
  s3 = await startS3StandIn();
  h = await startHarness({
    s3: {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.url,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      prefix: 'prosa/',
    },
  });
});
afterAll(async () => {
  await h.close();
  await s3.close();
});

describe('white label on S3-compatible storage', () => {
  it('an uploaded logo lands in the bucket and is served from it; a replaced one is deleted there', async () => {
    const op = await h.operator();
    const upload = async (data: Buffer) => {
      const { headers, body } = multipartFile(data, 'logo.png', 'image/png');
      const res = await h.request('POST', '/admin/media-upload?ref=logo', { token: op.token, headers, body });
      expect(res.status).toBe(200);
      return res.body as Branding;
    };
    const first = png(481, 186, '#112233');
    const b1 = await upload(first);
    const stored = [...s3.objects.entries()].filter(([k]) => k.startsWith('prosa/1/'));
    expect(stored).toHaveLength(1);
    expect(stored[0]![1]).toMatchObject({ contentType: 'image/png' });
    const served = await h.app.inject({ method: 'GET', url: b1.logo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(first)).toBe(true);

    await upload(png(481, 186, '#445566'));
    const after = [...s3.objects.keys()].filter((k) => k.startsWith('prosa/1/'));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(stored[0]![0]);
  });
});
