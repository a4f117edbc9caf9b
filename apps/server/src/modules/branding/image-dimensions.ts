/**
 * The pixel size an image declares in its header, for the three raster types white label accepts.
 * The type is decided first by the bytes (file-type); this only reads where that type keeps its
 * size. A stop-gap until a kept library (`image-size`) is a dependency: it answers the same shape.
 *
 * - PNG: the IHDR chunk, first after the signature (PNG spec §11.2.2), width and height big-endian.
 * - JPEG: the first SOFn segment (ITU T.81 §B.2.2): height then width, big-endian, after precision.
 * - WebP: the first chunk after "WEBP" (RFC 9649 §2.5-2.7): VP8 (lossy), VP8L (lossless) or VP8X.
 *
 * Anything it cannot read answers undefined, and the upload is refused.
 */
export interface ImageDimensions {
  width: number;
  height: number;
}

function png(b: Buffer): ImageDimensions | undefined {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC), which are not frame headers. */
const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(b: Buffer): ImageDimensions | undefined {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan before a frame
    const length = b.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    if (isSof(marker)) {
      if (at + 9 > b.length) return undefined;
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function webp(b: Buffer): ImageDimensions | undefined {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    // The key frame's start code 9d 01 2a, then 14-bit width and height (2 bits of scale above).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return undefined;
}

export function imageDimensions(bytes: Buffer, type: string): ImageDimensions | undefined {
  if (type === 'image/png') return png(bytes);
  if (type === 'image/jpeg') return jpeg(bytes);
  if (type === 'image/webp') return webp(bytes);
  return undefined;
}
