import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';

/**
 * Registers a field for an MUI input: the form's ref goes to the <input> (focus on error),
 * not to the component's root. Call it while rendering, in the fields' order, so the first
 * invalid field is the one focused.
 */
export function bindField<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...props } = register(name);
  return { ...props, inputRef: ref };
}
