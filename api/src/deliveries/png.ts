import { deflateSync } from 'node:zlib';

/**
 * A tiny RGB raster with a PNG encoder (RFC 2083 / PNG spec: signature, IHDR, one IDAT of
 * zlib-compressed scanlines with filter 0, IEND). Enough for the proof-of-delivery images the
 * simulated courier app produces; no image library needed.
 */

export type Rgb = readonly [number, number, number];

export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
      throw new Error(`Invalid raster size ${width}×${height}`);
    }
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  setPixel(x: number, y: number, [r, g, b]: Rgb): void {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const offset = (py * this.width + px) * 3;
    this.pixels[offset] = r;
    this.pixels[offset + 1] = g;
    this.pixels[offset + 2] = b;
  }

  fillRect(x: number, y: number, w: number, h: number, color: Rgb): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let py = y0; py < y1; py += 1) {
      for (let px = x0; px < x1; px += 1) this.setPixel(px, py, color);
    }
  }

  /** A vertical gradient from `top` to `bottom` over the rectangle. */
  gradientRect(x: number, y: number, w: number, h: number, top: Rgb, bottom: Rgb): void {
    for (let row = 0; row < h; row += 1) {
      const t = h <= 1 ? 0 : row / (h - 1);
      const color: Rgb = [
        Math.round(top[0] + (bottom[0] - top[0]) * t),
        Math.round(top[1] + (bottom[1] - top[1]) * t),
        Math.round(top[2] + (bottom[2] - top[2]) * t),
      ];
      this.fillRect(x, y + row, w, 1, color);
    }
  }

  fillCircle(cx: number, cy: number, radius: number, color: Rgb): void {
    for (let py = Math.floor(cy - radius); py <= cy + radius; py += 1) {
      for (let px = Math.floor(cx - radius); px <= cx + radius; px += 1) {
        if ((px - cx) ** 2 + (py - cy) ** 2 <= radius ** 2) this.setPixel(px, py, color);
      }
    }
  }

  /** A line `thickness` pixels wide (round caps), stamped with discs along its length. */
  line(x0: number, y0: number, x1: number, y1: number, color: Rgb, thickness = 1): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    const radius = thickness / 2;
    for (let i = 0; i <= steps; i += 1) {
      const x = x0 + ((x1 - x0) * i) / steps;
      const y = y0 + ((y1 - y0) * i) / steps;
      if (radius <= 0.5) this.setPixel(x, y, color);
      else this.fillCircle(x, y, radius, color);
    }
  }

  toPng(): Buffer {
    const rowLength = this.width * 3 + 1;
    const raw = Buffer.alloc(rowLength * this.height);
    for (let y = 0; y < this.height; y += 1) {
      raw[y * rowLength] = 0; // filter: none
      raw.set(
        this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3),
        y * rowLength + 1,
      );
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: truecolour
    header[10] = 0; // compression
    header[11] = 0; // filter
    header[12] = 0; // interlace
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}
