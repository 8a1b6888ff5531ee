import type { z } from 'zod';

/** Test helper: the messages a schema reports for one field ('' is the form itself). */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

/** Test helper: every message a schema reports, by field. */
export function allMessages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const byPath: Record<string, string[]> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    (byPath[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byPath;
}
