import { CLOSED_MONTH_PRESET_TEXT, durationPreset } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { presetText } from './presetText.ts';

describe('presetText', () => {
  const lastMonth = durationPreset('lastMonth').value;

  it("is the menu's name unless the page names the preset itself", () => {
    expect(presetText(lastMonth)).toBe('先月');
    expect(presetText(lastMonth, { [lastMonth]: CLOSED_MONTH_PRESET_TEXT })).toBe(
      '前月（締め済み）',
    );
    expect(presetText(durationPreset('last7Days').value, { [lastMonth]: 'x' })).toBe('過去7日間');
  });
});
