import { describe, expect, it } from 'vitest';
import {
  fitViewport,
  project,
  TILE_SIZE,
  tilesFor,
  tileUrl,
  travelledPart,
} from './map-projection';

describe('map projection', () => {
  it('puts (0, 0) in the middle of the world', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: TILE_SIZE / 2, y: TILE_SIZE / 2 });
    expect(project({ lat: 0, lng: 180 }, 1).x).toBe(TILE_SIZE * 2);
  });

  it('fits every point inside the view, zoomed in as far as it can', () => {
    const points = [
      { lat: 32.8683, lng: -96.7734 },
      { lat: 32.8757, lng: -96.7496 },
    ];
    const viewport = fitViewport(points, 640, 380);
    for (const point of points) {
      const p = viewport.toView(point);
      expect(p.x).toBeGreaterThanOrEqual(48);
      expect(p.x).toBeLessThanOrEqual(640 - 48);
      expect(p.y).toBeGreaterThanOrEqual(48);
      expect(p.y).toBeLessThanOrEqual(380 - 48);
    }
    // One zoom level closer would not fit.
    const closer = fitViewport(points, 320, 190, 24);
    expect(closer.zoom).toBe(viewport.zoom - 1);
  });

  it('cuts the route where the courier is', () => {
    const line = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ];
    expect(travelledPart(line, 0)).toEqual([{ x: 0, y: 0 }]);
    expect(travelledPart(line, 0.25)).toEqual([
      { x: 0, y: 0 },
      { x: 5, y: 0 },
    ]);
    expect(travelledPart(line, 0.75)).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 5 },
    ]);
    expect(travelledPart(line, 1)).toEqual(line);
  });

  it('lists the tiles under the view with their URLs', () => {
    const viewport = fitViewport([{ lat: 32.87, lng: -96.77 }], 640, 380);
    const tiles = tilesFor(viewport);
    expect(tiles.length).toBeGreaterThanOrEqual(6);
    for (const tile of tiles) {
      expect(tile.left).toBeGreaterThan(-TILE_SIZE);
      expect(tile.left).toBeLessThan(640);
    }
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png', { z: 3, x: 1, y: 2 })).toBe(
      'https://tiles.example/3/1/2.png',
    );
  });
});
