/**
 * The helper line under a field: its error, else its hint, else a blank line. The line is
 * always there, so a message appearing on blur does not push the submit button away from
 * under the pointer.
 */
export function fieldHelp(error: { message?: string } | undefined, hint?: string): string {
  return error?.message ?? hint ?? ' ';
}
