import { describe, expect, it } from 'vitest';
import { interimAnswer, narrowAnswer, narrowingBase } from './orderNarrowing';

const KEYS = ['SKBO-000000011', 'SKBO-000000012', 'SEQM-000000011', 'SPIM-000000110'];
const serverAnswer = (text: string) => KEYS.filter((k) => k.includes(text.toUpperCase()));

describe('order search narrowing', () => {
  it('serves a longer text from a complete answer of its prefix, with the keys the server would give', () => {
    const cache = new Map([['SK', serverAnswer('SK')]]);
    const base = narrowingBase('SKBO-0000000', (p) => cache.get(p), 3);
    expect(base).toBe('SK');
    expect(narrowAnswer(cache.get(base) ?? [], 'skbo-0000000')).toEqual(serverAnswer('SKBO-0000000'));
  });

  it('asks the server when the prefix answer was cut at the limit (it may miss keys)', () => {
    const cache = new Map([['0', serverAnswer('0')]]);
    expect(narrowingBase('011', (p) => cache.get(p), 3)).toBe('011');
  });

  it('prefers the longest prefix at hand, and asks for the text itself when none is', () => {
    const cache = new Map([
      ['', KEYS],
      ['S', serverAnswer('S')],
    ]);
    expect(narrowingBase('SE', (p) => cache.get(p), 10)).toBe('S');
    expect(narrowingBase('SE', () => undefined, 10)).toBe('SE');
  });

  it('while the server answers, shows the first keys it will send, from a prefix answer cut at the limit', () => {
    // The server sends the first `limit` matching keys in key order.
    const firstKeys = (text: string) =>
      [...KEYS]
        .sort()
        .filter((k) => k.includes(text.toUpperCase()))
        .slice(0, 2);
    const cache = new Map([['S', firstKeys('S')]]);
    expect(cache.get('S')).toEqual(['SEQM-000000011', 'SKBO-000000011']);
    // The server will send SKBO-000000011 and SKBO-000000012: the first one shows at once.
    expect(interimAnswer('SKBO-0000000', (p) => cache.get(p))).toEqual(['SKBO-000000011']);
    expect(interimAnswer('SP', (p) => cache.get(p))).toEqual([]);
    expect(interimAnswer('SP', () => undefined)).toBeUndefined();
  });
});
