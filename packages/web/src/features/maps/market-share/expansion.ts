import type { MeshSelection } from './selection.ts';

/**
 * Which meshes of the table show their age bands: every one while "open all" is on (meshes
 * chosen later too), otherwise those opened one by one.
 */
export interface Expansion {
  openAll: boolean;
  open: ReadonlySet<string>;
}

export const ALL_CLOSED: Expansion = { openAll: false, open: new Set() };

export function isOpen(expansion: Expansion, meshCode: string): boolean {
  return expansion.openAll || expansion.open.has(meshCode);
}

/** The switch すべて開く: on opens every mesh, off closes them all. */
export function setOpenAll(openAll: boolean): Expansion {
  return openAll ? { openAll: true, open: new Set() } : ALL_CLOSED;
}

/** A mesh's expand button. Closing one while all are open turns the switch off, the rest open. */
export function toggleRow(
  expansion: Expansion,
  meshCode: string,
  selection: MeshSelection,
): Expansion {
  if (expansion.openAll) {
    return { openAll: false, open: new Set(selection.filter((code) => code !== meshCode)) };
  }
  const open = new Set(expansion.open);
  if (open.has(meshCode)) open.delete(meshCode);
  else open.add(meshCode);
  return { openAll: false, open };
}
