/**
 * The meshes chosen on the acquisition-rate map, in the order they were clicked: the position in
 * the list is the selection number shown on the map and in the table (spec 02 §4).
 */
export type MeshSelection = readonly string[];

/** A click on a mesh: a new mesh is appended; a chosen one is removed and the rest renumbered. */
export function toggleMesh(selection: MeshSelection, meshCode: string): MeshSelection {
  return selection.includes(meshCode)
    ? selection.filter((code) => code !== meshCode)
    : [...selection, meshCode];
}

/** Selection numbers by mesh code: 1..n in order of selection. */
export function selectionNumbers(selection: MeshSelection): Map<string, number> {
  return new Map(selection.map((code, i) => [code, i + 1]));
}
