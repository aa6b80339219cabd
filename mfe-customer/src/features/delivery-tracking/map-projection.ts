/**
 * Web Mercator maths for the tracking map: the same projection tile servers use, so the optional
 * tile layer lines up with the route the app draws itself.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

export const TILE_SIZE = 256;
const MAX_ZOOM = 17;
const MIN_ZOOM = 3;

/** World pixel coordinates of a point at `zoom`. */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

export interface Viewport {
  zoom: number;
  width: number;
  height: number;
  /** World pixel at the top-left corner of the view. */
  origin: Point;
  toView(point: LatLng): Point;
}

/** The largest zoom at which every point fits in `width × height` minus `padding` on each side. */
export function fitViewport(
  points: readonly LatLng[],
  width: number,
  height: number,
  padding = 48,
): Viewport {
  const usable = { width: width - 2 * padding, height: height - 2 * padding };
  let zoom = MAX_ZOOM;
  for (; zoom > MIN_ZOOM; zoom -= 1) {
    const projected = points.map((point) => project(point, zoom));
    const xs = projected.map((p) => p.x);
    const ys = projected.map((p) => p.y);
    if (
      Math.max(...xs) - Math.min(...xs) <= usable.width &&
      Math.max(...ys) - Math.min(...ys) <= usable.height
    ) {
      break;
    }
  }
  const projected = points.map((point) => project(point, zoom));
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const centre = {
    x: (Math.max(...xs) + Math.min(...xs)) / 2,
    y: (Math.max(...ys) + Math.min(...ys)) / 2,
  };
  const origin = { x: centre.x - width / 2, y: centre.y - height / 2 };
  return {
    zoom,
    width,
    height,
    origin,
    toView(point) {
      const p = project(point, zoom);
      return {
        x: Math.round((p.x - origin.x) * 10) / 10,
        y: Math.round((p.y - origin.y) * 10) / 10,
      };
    },
  };
}

/** The part of a polyline (view coordinates) from its start to `fraction` of its length. */
export function travelledPart(points: readonly Point[], fraction: number): Point[] {
  if (points.length < 2 || fraction <= 0) return points.slice(0, 1);
  const lengths = points.slice(1).map((point, index) => {
    const previous = points[index] as Point;
    return Math.hypot(point.x - previous.x, point.y - previous.y);
  });
  const total = lengths.reduce((sum, length) => sum + length, 0);
  let left = Math.min(1, fraction) * total;
  const out: Point[] = [points[0] as Point];
  for (let i = 0; i < lengths.length; i += 1) {
    const length = lengths[i] as number;
    const start = points[i] as Point;
    const end = points[i + 1] as Point;
    if (left >= length) {
      out.push(end);
      left -= length;
      continue;
    }
    const t = length === 0 ? 0 : left / length;
    out.push({ x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t });
    break;
  }
  return out;
}

/** Tiles covering the viewport: `{z}/{x}/{y}` and where each goes in the view. */
export function tilesFor(
  viewport: Viewport,
): Array<{ z: number; x: number; y: number; left: number; top: number }> {
  const { zoom, origin, width, height } = viewport;
  const count = 2 ** zoom;
  const tiles = [];
  for (
    let ty = Math.floor(origin.y / TILE_SIZE);
    ty <= Math.floor((origin.y + height) / TILE_SIZE);
    ty += 1
  ) {
    if (ty < 0 || ty >= count) continue;
    for (
      let tx = Math.floor(origin.x / TILE_SIZE);
      tx <= Math.floor((origin.x + width) / TILE_SIZE);
      tx += 1
    ) {
      tiles.push({
        z: zoom,
        x: ((tx % count) + count) % count,
        y: ty,
        left: tx * TILE_SIZE - origin.x,
        top: ty * TILE_SIZE - origin.y,
      });
    }
  }
  return tiles;
}

export function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}
