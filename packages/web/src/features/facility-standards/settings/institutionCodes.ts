/** Commas (half- and full-width), the ideographic comma and white space, line breaks included. */
const SEPARATORS = /[\s,，、]+/;

/** The codes written in a text, in order, each once. */
export function splitCodes(text: string): string[] {
  return [...new Set(text.split(SEPARATORS).filter(Boolean))];
}

/** The codes added to a list, the list's order kept and none twice. */
export function addCodes(codes: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...codes, ...added])];
}

/**
 * Text being typed into the codes field: the codes finished by a separator, and what is still
 * being typed after the last one.
 */
export function takeFinishedCodes(input: string): { finished: string[]; rest: string } {
  const match = /^(.*[\s,，、])([^\s,，、]*)$/su.exec(input);
  if (!match) return { finished: [], rest: input };
  return { finished: splitCodes(match[1]!), rest: match[2]! };
}
