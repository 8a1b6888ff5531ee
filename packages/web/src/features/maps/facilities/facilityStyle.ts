import { MARKER_CATEGORIES, type MarkerCategory } from '@pharmalytics/domain';

/** Each facility type's marker colour (white letter on it, at least 4.5:1). */
export const FACILITY_COLOURS: Record<MarkerCategory, string> = {
  pharmacy: '#1565c0',
  clinic: '#c62828',
  care: '#2e7d32',
};

/** The one-letter mark of a type on its marker and in the legend: 薬, 医, 施. */
export const facilityLetter = (type: MarkerCategory) =>
  MARKER_CATEGORIES.find((c) => c.key === type)!.legend;

export const FACILITY_ICON_PX = { normal: 20, active: 28 } as const;

/** The image name of a type's marker, active or not, as the symbol layer asks for it. */
export const facilityIconName = (type: MarkerCategory, active: boolean) =>
  `facility-${type}${active ? '-active' : ''}`;

/** Parses an image name back into its type and state; undefined for any other image. */
export function parseFacilityIconName(
  name: string,
): { type: MarkerCategory; active: boolean } | undefined {
  const match = /^facility-(pharmacy|clinic|care)(-active)?$/.exec(name);
  return match ? { type: match[1] as MarkerCategory, active: Boolean(match[2]) } : undefined;
}

/**
 * A marker image: a rounded square in the type's colour with its letter; the active marker is
 * larger, with a dark ring. Drawn on a canvas at the screen's pixel ratio.
 */
export function drawFacilityIcon(
  type: MarkerCategory,
  active: boolean,
  pixelRatio: number,
): ImageData {
  const size = (active ? FACILITY_ICON_PX.active : FACILITY_ICON_PX.normal) * pixelRatio;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d')!;
  const ring = (active ? 3 : 1.5) * pixelRatio;
  context.beginPath();
  context.roundRect(ring / 2, ring / 2, size - ring, size - ring, size / 5);
  context.fillStyle = FACILITY_COLOURS[type];
  context.fill();
  context.lineWidth = ring;
  context.strokeStyle = active ? '#1f2d2b' : '#ffffff';
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = `700 ${Math.round(size * 0.58)}px "Noto Sans JP", "Noto Sans CJK JP", sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(facilityLetter(type), size / 2, size / 2 + pixelRatio);
  return context.getImageData(0, 0, size, size);
}
