import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { jpegHeader, png, webpVp8, webpVp8l, webpVp8x } from './branding.test-support.js';
import { imageDimensions } from './image-dimensions.js';

describe('imageDimensions', () => {
  it('reads PNG, JPEG and the three WebP kinds, as file-type names them', async () => {
    const cases: [Buffer, string, number, number][] = [
      [png(481, 186), 'image/png', 481, 186],
      [jpegHeader(512, 300), 'image/jpeg', 512, 300],
      [webpVp8x(481, 186), 'image/webp', 481, 186],
      [webpVp8l(64, 64), 'image/webp', 64, 64],
      [webpVp8(192, 192), 'image/webp', 192, 192],
    ];
    for (const [bytes, type, width, height] of cases) {
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe(type);
      expect(imageDimensions(bytes, type)).toEqual({ width, height });
    }
  });

  it('skips JPEG segments before the frame and answers undefined for what it cannot read', () => {
    const withExif = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x06, 0x45, 0x78, 0x69, 0x66]),
      jpegHeader(20, 10).subarray(2),
    ]);
    expect(imageDimensions(withExif, 'image/jpeg')).toEqual({ width: 20, height: 10 });
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(png(2, 2).subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imageDimensions(Buffer.from('RIFF0000WEBPXXXX'.padEnd(30, '0')), 'image/webp')).toBeUndefined();
    expect(imageDimensions(png(2, 2), 'image/gif')).toBeUndefined();
  });
});
