/** Avatar images: recognised by their first bytes (never the file name), squared and re-encoded. */
import { AVATAR_SIZE_PX } from '@cadence/contract';
import sharp from 'sharp';

export type ImageKind = 'png' | 'jpeg' | 'webp';

export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

/** A square WebP of AVATAR_SIZE_PX, cropped to the centre; throws on an undecodable image. */
export function squareAvatar(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer();
}
