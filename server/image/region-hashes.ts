// The crop-tolerant fingerprint: several 64-bit DCT hashes (phash.ts) over views of the picture,
// so a copy that was cropped a little, turned a little or framed by a screenshot is still found.
// One whole-picture hash cannot do that: a 5 % crop from one side moves every low frequency,
// and a border changes the whole frame (measured on generated pictures: a one-sided 5 % crop
// stays within 10 bits for about 6 copies in 10, a 3° turn for 4 in 10, a border for none).
//
// What a platform does to a picture, and the view that undoes it:
// - a border (screenshot, letterbox): near-uniform rows and columns are peeled off every side
//   first, on the registered picture and on the copy alike;
// - a crop: the registered picture is also hashed through nine windows of 95 % of its width and
//   height (anchored at each corner, edge middle and the centre), one of which is close to
//   whatever a crop of about 5 % kept; the copy is hashed whole;
// - a small turn: the centre of the registered picture is also hashed turned 3° each way, as a
//   turned copy's centre looks (the corners, where the fill colour shows, are left out).
// Each view kind is compared only with its own kind. Views are read from the pipeline's decoded
// display copy (360 px high), so the whole set costs about a millisecond.
import { dctHash } from './phash';

/** 'f' whole frames and crop windows, 'c' the centre 70 %, 't' the centre 60 % upright or turned. */
export type RegionKind = 'f' | 'c' | 't';

export interface RegionHash {
  kind: RegionKind;
  /** 64-bit DCT hash as 16 hex characters. */
  hash: string;
}

/**
 * Largest Hamming distance at which two views of the same kind count as the same picture.
 * Tighter than the whole-picture hash's 10 because a registered work carries about a dozen
 * views: chance matches stay as rare as with one hash (measured with the recall test's corpus,
 * unrelated pictures' closest views were 14 or more bits apart).
 */
export const REGION_MATCH_MAX_DISTANCE = 8;

const SIDE = 32;
/** Share of each side kept by a crop window, and the centre views' sizes. */
const CROP_WINDOW = 0.95;
const CENTRE_VIEW = 0.7;
const TURNED_VIEW = 0.6;
const TURN_DEGREES = 3;
/** A row or column is border when this share of its pixels is within BORDER_TOLERANCE of its first. */
const BORDER_SHARE = 0.98;
const BORDER_TOLERANCE = 24;
/** Peeling stops before less than this share of a side would be left. */
const MIN_KEPT = 0.5;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A view: a window of `box` (fractions of it) turned by `degrees` about the box's centre. */
interface View {
  kind: RegionKind;
  /** Window size as a share of the (turned) box's width and height. */
  size: number;
  /** Where the window sits, 0 = left/top, 0.5 = centred, 1 = right/bottom. */
  anchorX: number;
  anchorY: number;
  degrees: number;
}

/** Integral image of the luminance: sums[(y * (w + 1)) + x] = sum of pixels above-left of (x, y). */
class LuminanceSums {
  readonly sums: Float64Array;

  constructor(
    readonly width: number,
    readonly height: number,
    rgb: Uint8Array,
    channels: number,
  ) {
    const stride = width + 1;
    this.sums = new Float64Array(stride * (height + 1));
    for (let y = 0; y < height; y++) {
      let row = 0;
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * channels;
        row += 0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2];
        this.sums[(y + 1) * stride + x + 1] = this.sums[y * stride + x + 1] + row;
      }
    }
  }

  /** The integral at a point between pixels, read bilinearly (points outside are clamped). */
  private at(x: number, y: number): number {
    const cx = Math.min(Math.max(x, 0), this.width);
    const cy = Math.min(Math.max(y, 0), this.height);
    const x0 = Math.min(Math.floor(cx), this.width - 1);
    const y0 = Math.min(Math.floor(cy), this.height - 1);
    const fx = cx - x0;
    const fy = cy - y0;
    const stride = this.width + 1;
    const top = this.sums[y0 * stride + x0] * (1 - fx) + this.sums[y0 * stride + x0 + 1] * fx;
    const bottom = this.sums[(y0 + 1) * stride + x0] * (1 - fx) + this.sums[(y0 + 1) * stride + x0 + 1] * fx;
    return top * (1 - fy) + bottom * fy;
  }

  /**
   * Mean luminance of the box reaching `halfWidth` and `halfHeight` from (x, y), clipped to the
   * picture. A box wholly outside it (a corner of a turned view) takes the nearest pixel's value.
   */
  meanAround(x: number, y: number, halfWidth: number, halfHeight: number): number {
    const x0 = Math.max(x - halfWidth, 0);
    const x1 = Math.min(x + halfWidth, this.width);
    const y0 = Math.max(y - halfHeight, 0);
    const y1 = Math.min(y + halfHeight, this.height);
    const area = (x1 - x0) * (y1 - y0);
    if (area > 0) return (this.at(x1, y1) - this.at(x0, y1) - this.at(x1, y0) + this.at(x0, y0)) / area;
    const nearestX = Math.min(Math.max(x, 0.5), this.width - 0.5);
    const nearestY = Math.min(Math.max(y, 0.5), this.height - 0.5);
    return this.meanAround(nearestX, nearestY, 0.5, 0.5);
  }
}

function near(rgb: Uint8Array, a: number, b: number): boolean {
  return (
    Math.abs(rgb[a] - rgb[b]) <= BORDER_TOLERANCE &&
    Math.abs(rgb[a + 1] - rgb[b + 1]) <= BORDER_TOLERANCE &&
    Math.abs(rgb[a + 2] - rgb[b + 2]) <= BORDER_TOLERANCE
  );
}

/** Whether the `count` pixels from `start`, `step` bytes apart, are nearly all the first one's colour. */
function isUniformLine(rgb: Uint8Array, start: number, step: number, count: number): boolean {
  let off = 0;
  const allowed = Math.floor(count * (1 - BORDER_SHARE));
  for (let k = 1; k < count; k++) {
    if (!near(rgb, start, start + k * step) && ++off > allowed) return false;
  }
  return true;
}

/** The picture without near-uniform rows and columns along its edges (a frame, bars, a border). */
export function contentBox(rgb: Uint8Array, width: number, height: number, channels: number): Box {
  let top = 0;
  let bottom = height;
  let left = 0;
  let right = width;
  const minWidth = Math.ceil(width * MIN_KEPT);
  const minHeight = Math.ceil(height * MIN_KEPT);
  const row = (y: number) => isUniformLine(rgb, (y * width + left) * channels, channels, right - left);
  const column = (x: number) => isUniformLine(rgb, (top * width + x) * channels, width * channels, bottom - top);
  // Sides in turn until none moves, so a thick top bar does not stop the side columns peeling.
  let changed = true;
  while (changed) {
    const before = [top, bottom, left, right].join();
    while (bottom - top > minHeight && row(top)) top++;
    while (bottom - top > minHeight && row(bottom - 1)) bottom--;
    while (right - left > minWidth && column(left)) left++;
    while (right - left > minWidth && column(right - 1)) right--;
    changed = [top, bottom, left, right].join() !== before;
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The 32x32 greyscale samples of a view, each the mean of the area it covers. */
function sampleView(sums: LuminanceSums, box: Box, view: View): Uint8Array {
  const radians = (view.degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // A turned copy's canvas grows to hold the turned picture; its views are shares of that canvas.
  const canvasWidth = box.width * Math.abs(cos) + box.height * Math.abs(sin);
  const canvasHeight = box.width * Math.abs(sin) + box.height * Math.abs(cos);
  const windowWidth = canvasWidth * view.size;
  const windowHeight = canvasHeight * view.size;
  // Window's top-left corner relative to the canvas centre.
  const left = (canvasWidth - windowWidth) * view.anchorX - canvasWidth / 2;
  const top = (canvasHeight - windowHeight) * view.anchorY - canvasHeight / 2;
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const cellWidth = windowWidth / SIDE;
  const cellHeight = windowHeight / SIDE;
  const out = new Uint8Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    const v = top + (j + 0.5) * cellHeight;
    for (let i = 0; i < SIDE; i++) {
      const u = left + (i + 0.5) * cellWidth;
      // Canvas point back to the picture: turn by -degrees about the centre.
      const x = centreX + u * cos + v * sin;
      const y = centreY - u * sin + v * cos;
      out[j * SIDE + i] = Math.round(sums.meanAround(x, y, cellWidth / 2, cellHeight / 2));
    }
  }
  return out;
}

const whole: View = { kind: 'f', size: 1, anchorX: 0.5, anchorY: 0.5, degrees: 0 };
const centre: View = { kind: 'c', size: CENTRE_VIEW, anchorX: 0.5, anchorY: 0.5, degrees: 0 };
const upright: View = { kind: 't', size: TURNED_VIEW, anchorX: 0.5, anchorY: 0.5, degrees: 0 };

/** The views a copy is looked up by. */
const PROBE_VIEWS: readonly View[] = [whole, centre, upright];

const turned: readonly View[] = [
  { ...upright, degrees: -TURN_DEGREES },
  { ...upright, degrees: TURN_DEGREES },
];

/** The views a registered picture is also kept with: crop windows and turned centres. */
const OTHER_REGISTERED_VIEWS: readonly View[] = [
  ...[0, 0.5, 1].flatMap((anchorY) =>
    [0, 0.5, 1].map((anchorX): View => ({ kind: 'f', size: CROP_WINDOW, anchorX, anchorY, degrees: 0 })),
  ),
  ...turned,
];

/**
 * Also kept over the whole frame when peeling took something off the registered picture (a
 * sky, a gradient running along the rows): a turned or framed copy of it peels nothing.
 */
const UNPEELED_VIEWS: readonly View[] = [...PROBE_VIEWS, ...turned];

export interface DecodedPixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface RegionFingerprint {
  /** What a copy is looked up by: the whole, centre and upright views of its content (3 hashes). */
  probes: RegionHash[];
  /** What a registered picture is kept with (up to 19 hashes): the probes and every other view. */
  registered: RegionHash[];
}

/** A picture read for hashing views: its luminance sums, its whole frame and its content with borders peeled off. */
function readForViews(pixels: DecodedPixels) {
  const sums = new LuminanceSums(pixels.width, pixels.height, pixels.data, pixels.channels);
  const full: Box = { x: 0, y: 0, width: pixels.width, height: pixels.height };
  const box = contentBox(pixels.data, pixels.width, pixels.height, pixels.channels);
  const hashOf = (view: View, over: Box): RegionHash => ({ kind: view.kind, hash: dctHash(sampleView(sums, over, view)) });
  return { full, box, hashOf };
}

/**
 * Only the views a copy is looked up by (what regionFingerprint returns as `probes`): a lookup
 * needs no other, and the 16 others cost most of the set's time.
 */
export function regionProbes(pixels: DecodedPixels): RegionHash[] {
  const { box, hashOf } = readForViews(pixels);
  return PROBE_VIEWS.map((view) => hashOf(view, box));
}

/** Both hash sets of a picture, from its decoded RGB(A) pixels. */
export function regionFingerprint(pixels: DecodedPixels): RegionFingerprint {
  const { full, box, hashOf } = readForViews(pixels);
  const peeled = box.width !== full.width || box.height !== full.height;
  const probes = PROBE_VIEWS.map((view) => hashOf(view, box));
  const others = [
    ...OTHER_REGISTERED_VIEWS.map((view) => hashOf(view, box)),
    ...(peeled ? UNPEELED_VIEWS : []).map((view) => hashOf(view, full)),
  ];
  // Identical views (nearby crop windows of a plain picture) are kept once.
  const seen = new Set<string>();
  const registered = [...probes, ...others].filter(({ kind, hash }) => !seen.has(kind + hash) && seen.add(kind + hash));
  return { probes, registered };
}

/** Text form kept with an upload and a work: "f:0123456789abcdef c:…", read by migration 017's trigger. */
export function formatRegionHashes(hashes: readonly RegionHash[]): string {
  return hashes.map(({ kind, hash }) => `${kind}:${hash}`).join(' ');
}
