import { useMemo } from 'react';
import { DateInput, DateSegment } from 'react-aria-components';
import { fieldGroupClass } from '../Field/Field';
import * as styles from './DateField.css';
import { createTypingWindow, segmentLiteral, segmentPlaceholder } from './segments';

/**
 * The segments of a date, time or date-time field, with the spec's placeholders (dd/MM/aaaa HH:mm)
 * and its 2-second window for two-digit entry.
 */
export function SegmentedInput({
  hourCycle,
  framed,
}: {
  hourCycle: 12 | 24 /** Draw the field border (no surrounding group). */;
  framed?: boolean;
}) {
  const onDigit = useMemo(() => createTypingWindow(), []);
  return (
    <span
      className={styles.typingScope}
      onKeyDownCapture={(e) => {
        if (e.target instanceof Element && e.target.getAttribute('role') === 'spinbutton')
          onDigit({ key: e.key, target: e.target, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey });
      }}
      onFocusCapture={(e) => {
        if (e.nativeEvent.isTrusted) onDigit.forget(e.target);
      }}
    >
      <DateInput className={[styles.input, framed ? fieldGroupClass : ''].join(' ').trim()}>
        {(segment) => (
          <DateSegment segment={segment} className={styles.segment}>
            {({ type, isPlaceholder, text }) =>
              isPlaceholder
                ? (segmentPlaceholder(type, hourCycle) ?? text)
                : type === 'literal'
                  ? segmentLiteral(text)
                  : text
            }
          </DateSegment>
        )}
      </DateInput>
    </span>
  );
}
