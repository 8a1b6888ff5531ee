import { FORM_MESSAGES, inviteSchema, LIMITS, parseInviteEmails } from '@pharmalytics/domain';
import type { AssignableRole } from './roles.ts';

/** Adds typed or pasted text (comma separated) to the chips, dropping repeats. */
export function addEmails(chips: readonly string[], text: string): string[] {
  return parseInviteEmails([...chips, text].join(','));
}

/**
 * Splits what is being typed at its last comma: the part before becomes chips, the rest stays
 * in the input.
 */
export function splitTyped(
  chips: readonly string[],
  typed: string,
): { chips: string[]; rest: string } {
  const cut = Math.max(typed.lastIndexOf(','), typed.lastIndexOf('，'));
  if (cut < 0) return { chips: [...chips], rest: typed };
  return { chips: addEmails(chips, typed.slice(0, cut)), rest: typed.slice(cut + 1).trimStart() };
}

export interface InviteCheck {
  /** Per chip: the message of its broken rule (V.email, max length), or null. */
  chipErrors: (string | null)[];
  /** Shown under the field: more than ten addresses, else the first chip's error. */
  fieldError: string | null;
  validCount: number;
  /** At least one valid address and a role, and nothing the schema refuses. */
  canSubmit: boolean;
}

/** Checks the chips and the role with inviteSchema (spec 01 §5, invite). */
export function checkInvite(emails: readonly string[], role: AssignableRole | ''): InviteCheck {
  const result = inviteSchema.safeParse({ emails, systemRole: role || undefined });
  const chipErrors: (string | null)[] = emails.map(() => null);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      if (field === 'emails' && typeof index === 'number' && chipErrors[index] === null) {
        chipErrors[index] = issue.message;
      }
    }
  }
  const validCount = chipErrors.filter((e) => e === null).length;
  const tooMany = emails.length > LIMITS.inviteMaxEmails;
  return {
    chipErrors,
    fieldError: tooMany
      ? FORM_MESSAGES.inviteMaxEmails
      : (chipErrors.find((e): e is string => e !== null) ?? null),
    validCount,
    canSubmit: result.success && validCount > 0,
  };
}
