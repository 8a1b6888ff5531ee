import { durationPresetByValue, type DurationPresetValue } from '@pharmalytics/domain';

/** Names a page gives some presets instead of the menu's own (the scorecard's closed month). */
export type PresetTexts = Partial<Record<DurationPresetValue, string>>;

/** A preset's name in a period menu: the page's own name for it, or the menu's. */
export function presetText(value: DurationPresetValue, overrides: PresetTexts = {}): string {
  return overrides[value] ?? durationPresetByValue(value)?.text ?? '';
}
