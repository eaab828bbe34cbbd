import { CalendarDateTime } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './formatDateTime';

describe('date-time display formats', () => {
  const afternoon = new CalendarDateTime(2025, 12, 23, 14, 30, 5);

  it("24h 'PPP HH:mm(:ss)' in Spanish", () => {
    expect(formatDateTime(afternoon, 24, 'second')).toBe('23 de diciembre de 2025 14:30:05');
    expect(formatDateTime(afternoon, 24, 'minute')).toBe('23 de diciembre de 2025 14:30');
  });

  it("12h 'PP hh:mm(:ss) b' with the Spanish day periods", () => {
    expect(formatDateTime(afternoon, 12, 'second')).toBe('23 dic 2025 02:30:05 p. m.');
    expect(formatDateTime(new CalendarDateTime(2026, 3, 1, 9, 5), 12, 'minute')).toBe(
      '1 mar 2026 09:05 a. m.',
    );
    expect(formatDateTime(new CalendarDateTime(2026, 3, 1, 12, 15), 12, 'minute')).toBe(
      '1 mar 2026 12:15 mediodía',
    );
    expect(formatDateTime(new CalendarDateTime(2026, 3, 1, 0, 15), 12, 'minute')).toBe(
      '1 mar 2026 12:15 medianoche',
    );
  });
});
