/**
 * The plane icon as a signed-distance-field image, drawn on a canvas at runtime (no sprite server), so
 * MapLibre can tint it per flight (`icon-color`) and give it a halo when selected.
 */

export const PLANE_ICON = 'plane';
const SIZE = 64;
const RADIUS = 8;
const CUTOFF = 0.25;

/** The plane's outline on a 64 × 64 grid, nose up (the map's icon and the legend's). */
export const PLANE_OUTLINE: readonly (readonly [number, number])[] = [
  [32, 6],
  [36, 12],
  [36, 26],
  [56, 38],
  [56, 43],
  [36, 37],
  [36, 49],
  [43, 54],
  [43, 58],
  [32, 55],
  [21, 58],
  [21, 54],
  [28, 49],
  [28, 37],
  [8, 43],
  [8, 38],
  [28, 26],
  [28, 12],
];

function drawPlane(ctx: CanvasRenderingContext2D) {
  // Nose up (north): MapLibre rotates it to the route heading with icon-rotate.
  const s = SIZE / 64;
  ctx.fillStyle = '#000';
  ctx.beginPath();
  const pts = PLANE_OUTLINE;
  for (const [i, [x, y]] of pts.entries()) {
    if (i === 0) ctx.moveTo(x * s, y * s);
    else ctx.lineTo(x * s, y * s);
  }
  ctx.closePath();
  ctx.fill();
}

/** Brute-force distance transform within RADIUS: cheap for one 64 px icon, done once per map. */
function toSdf(alpha: Uint8ClampedArray): Uint8ClampedArray {
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < SIZE && y < SIZE && (alpha[(y * SIZE + x) * 4 + 3] as number) > 127;
  const out = new Uint8ClampedArray(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const isIn = inside(x, y);
      let best = RADIUS;
      for (let dy = -RADIUS; dy <= RADIUS; dy++) {
        for (let dx = -RADIUS; dx <= RADIUS; dx++) {
          if (inside(x + dx, y + dy) !== isIn) {
            const d = Math.sqrt(dx * dx + dy * dy);
            if (d < best) best = d;
          }
        }
      }
      const signed = isIn ? -(best - 0.5) : best - 0.5;
      const value = 255 - 255 * (signed / RADIUS + CUTOFF);
      const i = (y * SIZE + x) * 4;
      out[i] = 255;
      out[i + 1] = 255;
      out[i + 2] = 255;
      out[i + 3] = value;
    }
  }
  return out;
}

let cached: ImageData | null = null;

export function planeIconImage(): ImageData {
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D no disponible');
  drawPlane(ctx);
  const sdf = toSdf(ctx.getImageData(0, 0, SIZE, SIZE).data);
  const image = ctx.createImageData(SIZE, SIZE);
  image.data.set(sdf);
  cached = image;
  return cached;
}

/** Minimal surface of a MapLibre map this module needs (keeps the bench and stories decoupled). */
interface ImageHost {
  hasImage(id: string): boolean;
  addImage(id: string, image: ImageData, options?: { sdf?: boolean; pixelRatio?: number }): void;
}

export function ensurePlaneIcon(map: ImageHost) {
  if (!map.hasImage(PLANE_ICON)) map.addImage(PLANE_ICON, planeIconImage(), { sdf: true, pixelRatio: 2 });
}
