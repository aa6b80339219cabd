import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mapTilesFromEnv } from './map-tiles.ts';
import { crc32, PNG_SIGNATURE, Raster } from './png.ts';
import {
  PHOTO_SIZE,
  renderDoorstepPhoto,
  renderSignature,
  SIGNATURE_SIZE,
} from './proof-images.ts';

/** The chunks of a PNG, with their CRCs checked. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const out = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(
      crc32(png.subarray(offset + 4, offset + 8 + length)),
    );
    out.push({ type, data });
    offset += 12 + length;
  }
  return out;
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes a valid RGB image with the pixels drawn', () => {
    const image = new Raster(3, 2, [255, 255, 255]);
    image.setPixel(1, 1, [10, 20, 30]);
    const parsed = chunks(image.toPng());
    expect(parsed.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = parsed[0]?.data ?? Buffer.alloc(0);
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([
      3, 2, 8, 2,
    ]);
    const raw = inflateSync(parsed[1]?.data ?? Buffer.alloc(0));
    expect(raw.length).toBe(2 * (1 + 3 * 3));
    // Row 1 starts after row 0 (1 filter byte + 9); pixel 1 is 3 bytes after its filter byte.
    expect([...raw.subarray(10 + 1 + 3, 10 + 1 + 6)]).toEqual([10, 20, 30]);
  });
});

describe('proof images', () => {
  it('draws the same doorstep photo for the same delivery, another for another', () => {
    const a = renderDoorstepPhoto({ seed: 1, parcels: 2, heavy: false });
    expect(renderDoorstepPhoto({ seed: 1, parcels: 2, heavy: false })).toEqual(a);
    expect(renderDoorstepPhoto({ seed: 2, parcels: 2, heavy: false })).not.toEqual(a);
    const header = chunks(a)[0]?.data ?? Buffer.alloc(0);
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([
      PHOTO_SIZE.width,
      PHOTO_SIZE.height,
    ]);
  });

  it('draws a signature', () => {
    const header =
      chunks(renderSignature({ seed: 3, name: 'Dana Rivera' }))[0]?.data ?? Buffer.alloc(0);
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([
      SIGNATURE_SIZE.width,
      SIGNATURE_SIZE.height,
    ]);
  });
});

describe('map tile configuration', () => {
  it('is off unless a template is set, and refuses a bad one', () => {
    expect(mapTilesFromEnv({})).toBeNull();
    expect(
      mapTilesFromEnv({
        MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example',
      }),
    ).toEqual({ urlTemplate: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' });
    expect(() => mapTilesFromEnv({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' })).toThrow(
      'MAP_TILE_URL must be an https URL template with {z}, {x} and {y}',
    );
  });
});
