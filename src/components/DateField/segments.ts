import type { DateSegmentType } from 'react-stately/useDateFieldState';

/**
 * The empty picker reads dd/MM/aaaa HH:mm (hh in 12-hour mode). React Aria renders
 * locale placeholders (dd/mm/aaaa, ––:––); these replace them segment by segment.
 */
export function segmentPlaceholder(type: DateSegmentType, hourCycle: 12 | 24): string | null {
  switch (type) {
    case 'day':
      return 'dd';
    case 'month':
      return 'MM';
    case 'year':
      return 'aaaa';
    case 'hour':
      return hourCycle === 12 ? 'hh' : 'HH';
    case 'minute':
      return 'mm';
    case 'second':
      return 'ss';
    default:
      return null;
  }
}

/** es-ES puts ", " between the date and the time; the spec's pattern has one space. */
export const segmentLiteral = (text: string) => {
  // Bidi isolates and marks around the time are invisible in a left-to-right Spanish UI.
  const plain = text.replace(/[\u200e\u200f\u2066-\u2069]/g, '');
  return plain === ', ' ? ' ' : plain;
};

/** Typed digits build a two-digit value only within this window. */
export const TYPING_WINDOW_MS = 2000;

const isDigit = (key: string) => key.length === 1 && key >= '0' && key <= '9';

export interface DigitKey {
  key: string;
  target: Element;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * React Aria keeps the digits typed into a segment until focus moves. The spec wants the buffer to
 * expire 2 s after the segment's first digit: when a digit arrives later than that, restart the
 * segment's buffer (React Aria clears it on focus) before the digit is handled.
 */
export function createTypingWindow(now: () => number = Date.now) {
  const startedAt = new WeakMap<EventTarget, number>();
  const onDigit = (event: DigitKey) => {
    if (!isDigit(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const el = event.target;
    const t = now();
    const first = startedAt.get(el);
    if (first !== undefined && t - first <= TYPING_WINDOW_MS) return;
    // A synthetic focus event: React Aria's segment clears its buffer, the element keeps focus.
    if (first !== undefined) el.dispatchEvent(new Event('focusin', { bubbles: true }));
    startedAt.set(el, t);
  };
  /** A real focus change starts a fresh entry. */
  onDigit.forget = (el: EventTarget) => {
    startedAt.delete(el);
  };
  return onDigit;
}
