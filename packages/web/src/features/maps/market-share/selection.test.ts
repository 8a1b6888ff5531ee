import { describe, expect, it } from 'vitest';
import { selectionNumbers, toggleMesh } from './selection.ts';

describe('toggleMesh', () => {
  it('appends a new mesh and removes a chosen one', () => {
    let selection = toggleMesh([], '503033023');
    selection = toggleMesh(selection, '503033014');
    selection = toggleMesh(selection, '503033024');
    expect(selection).toEqual(['503033023', '503033014', '503033024']);
    selection = toggleMesh(selection, '503033014');
    expect(selection).toEqual(['503033023', '503033024']);
    expect(toggleMesh(selection, '503033014')).toEqual(['503033023', '503033024', '503033014']);
  });

  it('leaves the given selection alone', () => {
    const selection = ['503033023'];
    toggleMesh(selection, '503033014');
    toggleMesh(selection, '503033023');
    expect(selection).toEqual(['503033023']);
  });
});

describe('selectionNumbers', () => {
  it('numbers the meshes 1..n in order of selection, again after a removal', () => {
    const selection = toggleMesh(['503033023', '503033014', '503033024'], '503033023');
    expect([...selectionNumbers(selection)]).toEqual([
      ['503033014', 1],
      ['503033024', 2],
    ]);
    expect(selectionNumbers([]).size).toBe(0);
  });
});
