/**
 * The value of a number typed into a text field: undefined when empty, NaN when not a number,
 * so that the schema answers with its own message for each.
 */
export function typedNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
}
