import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../contract/random';
import { ORDER_SEQ_DIGITS } from '../../../server/domain/types';
import { digitRanges, planOrderSearch } from '../../../server/services/orderSearch';

const padded = (seq: number) => String(seq).padStart(ORDER_SEQ_DIGITS, '0');

describe('order search plan', () => {
  it('reads the ranges of numbers whose padded digits contain the text, exactly', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 200; round++) {
      const maxSeq = Math.floor(random() * 30_000);
      const width = 1 + Math.floor(random() * 7);
      const digits = Array.from({ length: width }, () => Math.floor(random() * 10)).join('');
      const ranges = digitRanges(digits, maxSeq);
      if (ranges === undefined) {
        // Declined only when the matches are many: then a walk in key order finds them early.
        let matches = 0;
        for (let seq = 0; seq <= maxSeq; seq++) if (padded(seq).includes(digits)) matches++;
        expect(matches, `${digits} up to ${maxSeq}`).toBeGreaterThan(0);
        continue;
      }
      const wrong: number[] = [];
      let next = 0;
      for (let seq = 0; seq <= maxSeq; seq++) {
        while (next < ranges.length && ranges[next][1] < seq) next++;
        const inRanges = next < ranges.length && ranges[next][0] <= seq;
        if (inRanges !== padded(seq).includes(digits)) wrong.push(seq);
      }
      expect(wrong, `${digits} up to ${maxSeq}`).toEqual([]);
      for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBeGreaterThan(ranges[i - 1][1] + 1);
    }
  });

  it('pins a text with a dash to destinations ending in its letters and one number range', () => {
    expect(planOrderSearch('bo-0001')).toEqual({
      kind: 'keys',
      letters: 'BO',
      at: 'ends',
      ranges: [[100_000, 199_999]],
    });
    expect(planOrderSearch('SKBO-')).toEqual({ kind: 'keys', letters: 'SKBO', at: 'ends', ranges: 'all' });
    expect(planOrderSearch('kb')).toEqual({ kind: 'keys', letters: 'KB', at: 'contains', ranges: 'all' });
  });

  it('finds nothing for texts no key can contain', () => {
    for (const text of ['SK0', 'A-B', '-1-', '%', 'SKBO-0000000001', "1'; --", 'ñ']) {
      expect(planOrderSearch(text), text).toEqual({ kind: 'none' });
    }
  });
});
