/**
 * The text whose answer serves a search for `text`. A key containing `text` contains each of its
 * prefixes too, so once a prefix's answer was complete (at most `limit` keys), the longer text is a
 * filter of that answer and needs no request: the list narrows at the keystroke.
 * `answerOf` gives a prefix's fresh, complete-or-not answer when one is at hand.
 */
export function narrowingBase(
  text: string,
  answerOf: (prefix: string) => readonly string[] | undefined,
  limit: number,
): string {
  for (let n = text.length - 1; n >= 0; n--) {
    const prefix = text.slice(0, n);
    const keys = answerOf(prefix);
    if (keys && keys.length <= limit) return prefix;
  }
  return text;
}

/** The keys of `answer` that the server would return for `text` (it matches case-insensitively). */
export function narrowAnswer(answer: readonly string[], text: string): string[] {
  const needle = text.trim().toUpperCase();
  return answer.filter((key) => key.toUpperCase().includes(needle));
}

/**
 * While the server answers `text`: the matching keys of the longest prefix's answer at hand. Both
 * answers are the first keys in key order, so these are the first keys the server will send for
 * `text` (perhaps not all of them): the list narrows at the keystroke and the answer completes it.
 */
export function interimAnswer(
  text: string,
  answerOf: (prefix: string) => readonly string[] | undefined,
): string[] | undefined {
  for (let n = text.length - 1; n >= 0; n--) {
    const keys = answerOf(text.slice(0, n));
    if (keys) return narrowAnswer(keys, text);
  }
  return undefined;
}
