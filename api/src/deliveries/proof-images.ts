import { seededRandom } from './courier-route.ts';
import { Raster, type Rgb } from './png.ts';

/**
 * The proof-of-delivery images the simulated courier app produces: a doorstep photo
 * for contactless drop-offs and a signature for hand-overs. Both are drawn here and stored as PNG,
 * deterministic for a delivery (same seed, same picture).
 */

export const PHOTO_SIZE = { width: 480, height: 360 } as const;
export const SIGNATURE_SIZE = { width: 480, height: 180 } as const;

const DOOR_COLOURS: readonly Rgb[] = [
  [122, 62, 38],
  [32, 64, 104],
  [36, 92, 64],
  [140, 28, 36],
  [58, 58, 64],
];
const WALL_COLOURS: readonly [Rgb, Rgb][] = [
  [
    [236, 226, 208],
    [214, 200, 176],
  ],
  [
    [222, 228, 232],
    [196, 204, 210],
  ],
  [
    [214, 186, 160],
    [190, 160, 134],
  ],
];

function shade([r, g, b]: Rgb, amount: number): Rgb {
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  return [clamp(r * amount), clamp(g * amount), clamp(b * amount)];
}

/** A parcel at the door: cardboard boxes, or shopping bags for light orders. */
function drawParcel(image: Raster, x: number, groundY: number, kind: 'box' | 'bag', size: number) {
  if (kind === 'box') {
    const w = size;
    const h = size * 0.75;
    const top = groundY - h;
    image.fillRect(x, top, w, h, [196, 150, 98]);
    image.fillRect(x, top, w, h * 0.18, [214, 170, 118]);
    image.fillRect(x + w * 0.44, top, w * 0.12, h, [222, 200, 150]); // tape
    image.fillRect(x + w - 4, top, 4, h, shade([196, 150, 98], 0.8));
  } else {
    const w = size * 0.7;
    const h = size;
    const top = groundY - h;
    image.fillRect(x, top, w, h, [244, 244, 240]);
    image.fillRect(x, top + h * 0.35, w, h * 0.3, [34, 112, 170]); // store logo band
    image.line(x + w * 0.25, top, x + w * 0.35, top - h * 0.25, [90, 90, 90], 3);
    image.line(x + w * 0.35, top - h * 0.25, x + w * 0.65, top - h * 0.25, [90, 90, 90], 3);
    image.line(x + w * 0.65, top - h * 0.25, x + w * 0.75, top, [90, 90, 90], 3);
  }
}

/** A doorstep photo with `parcels` items (1–4 drawn) by the door. */
export function renderDoorstepPhoto(input: {
  seed: number;
  parcels: number;
  heavy: boolean;
}): Buffer {
  const random = seededRandom(input.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const { width, height } = PHOTO_SIZE;
  const [wallTop, wallBottom] = pick(WALL_COLOURS);
  const image = new Raster(width, height, wallTop);
  const groundY = Math.round(height * 0.78);
  image.gradientRect(0, 0, width, groundY, wallTop, wallBottom);

  // Siding lines on the wall.
  for (let y = 18; y < groundY; y += 22) image.fillRect(0, y, width, 2, shade(wallBottom, 0.93));

  // The door with its frame, panels and handle.
  const door = pick(DOOR_COLOURS);
  const doorX = Math.round(width * (0.3 + random() * 0.1));
  const doorW = 150;
  const doorTop = 40;
  image.fillRect(doorX - 12, doorTop - 12, doorW + 24, groundY - doorTop + 12, [245, 245, 240]);
  image.fillRect(doorX, doorTop, doorW, groundY - doorTop, door);
  for (const [px, py, pw, ph] of [
    [18, 20, 48, 90],
    [84, 20, 48, 90],
    [18, 130, 48, 110],
    [84, 130, 48, 110],
  ] as const) {
    image.fillRect(doorX + px, doorTop + py, pw, ph, shade(door, 0.85));
    image.fillRect(doorX + px + 4, doorTop + py + 4, pw - 8, ph - 8, shade(door, 1.08));
  }
  image.fillCircle(doorX + doorW - 18, doorTop + 150, 5, [212, 182, 92]);

  // House number plaque.
  image.fillRect(doorX + doorW + 24, doorTop + 30, 34, 22, [40, 40, 40]);

  // Porch, step and mat.
  image.gradientRect(0, groundY, width, height - groundY, [168, 168, 164], [128, 128, 124]);
  image.fillRect(0, groundY, width, 6, [186, 186, 182]);
  image.fillRect(doorX + 10, groundY + 10, doorW - 20, 26, [120, 40, 44]);
  for (let x = doorX + 16; x < doorX + doorW - 16; x += 8) {
    image.fillRect(x, groundY + 14, 3, 18, [138, 56, 58]);
  }

  // The order beside the mat.
  const count = Math.max(1, Math.min(4, input.parcels));
  let x = doorX + doorW + 16;
  for (let i = 0; i < count; i += 1) {
    const kind = input.heavy || random() < 0.5 ? 'box' : 'bag';
    const size = kind === 'box' ? 56 + Math.round(random() * 24) : 50 + Math.round(random() * 14);
    if (x + size > width - 6) x = Math.max(6, doorX - size - 24);
    drawParcel(image, x, groundY + 40 - i * 3, kind, size);
    x += size + 8;
  }

  // Camera grain, so it reads as a photo rather than a drawing.
  for (let i = 0; i < 5000; i += 1) {
    const px = Math.floor(random() * width);
    const py = Math.floor(random() * height);
    const offset = (py * width + px) * 3;
    const delta = (random() - 0.5) * 36;
    for (let c = 0; c < 3; c += 1) {
      const value = (image.pixels[offset + c] as number) + delta;
      image.pixels[offset + c] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  // The courier app's time band along the bottom.
  image.fillRect(0, height - 22, width, 22, [24, 24, 28]);
  image.fillCircle(14, height - 11, 5, [220, 60, 60]);
  return image.toPng();
}

/**
 * A handwritten-looking signature: one pen stroke of loops and slants per letter of the name
 * (letters are not rendered as text; a signature rarely is legible anyway).
 */
export function renderSignature(input: { seed: number; name: string }): Buffer {
  const random = seededRandom(input.seed);
  const { width, height } = SIGNATURE_SIZE;
  const image = new Raster(width, height, [255, 255, 255]);
  const baseline = Math.round(height * 0.68);
  image.fillRect(24, baseline + 18, width - 48, 2, [200, 200, 206]);
  // The "X" of the signature line.
  image.line(28, baseline - 2, 40, baseline + 10, [160, 160, 168], 2);
  image.line(40, baseline - 2, 28, baseline + 10, [160, 160, 168], 2);

  const ink: Rgb = [22, 40, 110];
  const letters = Math.max(3, Math.min(14, input.name.replace(/[^A-Za-z]/g, '').length || 6));
  const step = (width - 120) / letters;
  let x = 60;
  let y = baseline;
  let previous = { x, y };
  for (let i = 0; i < letters; i += 1) {
    const tall = i === 0 || random() < 0.25;
    const amplitude = (tall ? 54 : 26) * (0.8 + random() * 0.4);
    const loops = 1 + Math.floor(random() * 2);
    const segments = 24;
    for (let s = 1; s <= segments; s += 1) {
      const t = s / segments;
      const nx = x + step * t + Math.sin(t * Math.PI * 2 * loops) * step * 0.18;
      const ny = baseline - Math.sin(t * Math.PI * loops) ** 2 * amplitude + (random() - 0.5) * 2;
      image.line(previous.x, previous.y, nx, ny, ink, 3);
      previous = { x: nx, y: ny };
    }
    x += step;
    y = baseline;
  }
  // The closing flourish under the name.
  image.line(previous.x, previous.y, previous.x + 20, y + 12, ink, 2);
  image.line(previous.x + 20, y + 12, 70, y + 14 + random() * 6, ink, 2);
  return image.toPng();
}
