import { FORM_MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MODE, addressError, addressLabel, appliedAddress } from './address.ts';

describe('address popup', () => {
  it('needs a prefecture or city in address mode (spec 02 §5)', () => {
    expect(addressError({ mode: ADDRESS_MODE.address, text: '  ' })).toBe(
      FORM_MESSAGES.addressRequired,
    );
    expect(addressError({ mode: ADDRESS_MODE.address, text: '福岡県' })).toBeUndefined();
    expect(addressError({ mode: ADDRESS_MODE.zipCode, text: '' })).toBeUndefined();
    expect(addressError({ mode: ADDRESS_MODE.city, text: '' })).toBeUndefined();
  });

  it('applies the text trimmed, and none by zip code', () => {
    expect(appliedAddress({ mode: ADDRESS_MODE.address, text: ' 福岡県福岡市 ' })).toEqual({
      mode: ADDRESS_MODE.address,
      text: '福岡県福岡市',
    });
    expect(appliedAddress({ mode: ADDRESS_MODE.zipCode, text: 'x' }).text).toBe('');
    expect(appliedAddress({ mode: ADDRESS_MODE.city, text: 'x' }).text).toBe('');
  });

  it('names the mode and the text on its button', () => {
    expect(addressLabel({ mode: ADDRESS_MODE.zipCode, text: '' })).toBe('郵便番号');
    expect(addressLabel({ mode: ADDRESS_MODE.city, text: '' })).toBe('市区町村');
    expect(addressLabel({ mode: ADDRESS_MODE.address, text: '福岡県福岡市' })).toBe(
      '住所別: 福岡県福岡市',
    );
  });
});
