import { describe, expect, it } from 'vitest';
import { ALL_CLOSED, isOpen, setOpenAll, toggleRow } from './expansion.ts';

const SELECTION = ['503033023', '503033014', '503033024'];

describe('the table expansion', () => {
  it('opens and closes one mesh at a time', () => {
    const opened = toggleRow(ALL_CLOSED, '503033014', SELECTION);
    expect(SELECTION.map((code) => isOpen(opened, code))).toEqual([false, true, false]);
    expect(isOpen(toggleRow(opened, '503033014', SELECTION), '503033014')).toBe(false);
    expect(ALL_CLOSED.open.size).toBe(0);
  });

  it('opens every mesh with the switch, meshes chosen later too', () => {
    const all = setOpenAll(true);
    expect(SELECTION.every((code) => isOpen(all, code))).toBe(true);
    expect(isOpen(all, '503033031')).toBe(true);
    expect(setOpenAll(false)).toEqual(ALL_CLOSED);
  });

  it('closing one mesh while all are open turns the switch off and keeps the others open', () => {
    const next = toggleRow(setOpenAll(true), '503033023', SELECTION);
    expect(next.openAll).toBe(false);
    expect(SELECTION.map((code) => isOpen(next, code))).toEqual([false, true, true]);
  });
});
