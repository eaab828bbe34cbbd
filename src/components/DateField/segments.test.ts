import { describe, expect, it } from 'vitest';
import { createTypingWindow, TYPING_WINDOW_MS } from './segments';

/** Typed digits build a two-digit value only within a 2-second window. */
describe('segment typing window', () => {
  function setup() {
    let t = 0;
    const onDigit = createTypingWindow(() => t);
    const el = new EventTarget() as unknown as Element;
    const resets: number[] = [];
    el.addEventListener('focusin', () => resets.push(t));
    return { onDigit, el, resets, advance: (ms: number) => (t += ms) };
  }

  it('keeps the buffer for a second digit typed within the window', () => {
    const { onDigit, el, resets, advance } = setup();
    onDigit({ key: '1', target: el });
    advance(TYPING_WINDOW_MS - 1);
    onDigit({ key: '5', target: el });
    expect(resets).toEqual([]);
  });

  it('restarts the buffer when the next digit comes after the window', () => {
    const { onDigit, el, resets, advance } = setup();
    onDigit({ key: '1', target: el });
    advance(TYPING_WINDOW_MS + 1);
    onDigit({ key: '5', target: el });
    expect(resets).toEqual([TYPING_WINDOW_MS + 1]);
  });

  it('ignores arrows and shortcuts, and a focus change starts afresh', () => {
    const { onDigit, el, resets, advance } = setup();
    onDigit({ key: '1', target: el });
    advance(5000);
    onDigit({ key: 'ArrowUp', target: el });
    onDigit({ key: '2', target: el, ctrlKey: true });
    onDigit.forget(el);
    onDigit({ key: '2', target: el });
    expect(resets).toEqual([]);
  });
});
