import { CalendarDate, CalendarDateTime } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DatePicker } from '../../src/components/DatePicker/DatePicker';

/** "Today" is fixed so the ±50-year limits are 1975 and 2075. */
const TODAY = new CalendarDate(2025, 12, 23);

const meta = {
  title: 'components/DatePicker',
  component: DatePicker<CalendarDateTime>,
  parameters: { layout: 'centered' },
  args: { label: 'Fecha de inicio', referenceDate: TODAY, onChange: fn() },
} satisfies Meta<typeof DatePicker<CalendarDateTime>>;

export default meta;
type Story = StoryObj<typeof meta>;

const group = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('group', { name: /Fecha de inicio/ });
const segmentText = (canvasElement: HTMLElement) =>
  (group(canvasElement).querySelector('[class]')?.textContent ?? '').replace(/\u200e|\u2066|\u2069/g, '');
const hourSegment = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('spinbutton')
    .find((s) => s.getAttribute('data-type') === 'hour')!;

/** Default: second granularity, 24 hours. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(segmentText(canvasElement)).toContain('dd/MM/aaaa HH:mm:ss');
  },
};

/** The filter panel's picker: placeholder dd/MM/aaaa HH:mm. */
export const MinuteGranularity: Story = {
  args: { granularity: 'minute' },
  play: async ({ canvasElement }) => {
    await expect(segmentText(canvasElement)).toContain('dd/MM/aaaa HH:mm');
    await expect(segmentText(canvasElement)).not.toContain('ss');
  },
};

export const Filled: Story = {
  args: { defaultValue: new CalendarDateTime(2025, 12, 23, 14, 30, 5) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('23 de diciembre de 2025 14:30:05')).toBeVisible();
  },
};

/** 12-hour mode: hours 1-12 and the 'PP hh:mm:ss b' display. */
export const TwelveHour: Story = {
  args: { hourCycle: 12, defaultValue: new CalendarDateTime(2025, 12, 23, 14, 30, 5) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('23 dic 2025 02:30:05 p. m.')).toBeVisible();
    const hour = hourSegment(canvasElement);
    await expect(hour).toHaveAttribute('aria-valuemin', '1');
    await expect(hour).toHaveAttribute('aria-valuemax', '12');
  },
};

/** Arrow keys wrap around: 23 → 00 on the hour, 59 → 00 on the minute. */
export const WrapAround: Story = {
  args: { granularity: 'minute', defaultValue: new CalendarDateTime(2025, 12, 23, 23, 59) },
  play: async ({ canvasElement, args }) => {
    const spin = within(canvasElement).getAllByRole('spinbutton');
    const hour = spin.find((s) => s.getAttribute('data-type') === 'hour')!;
    const minute = spin.find((s) => s.getAttribute('data-type') === 'minute')!;
    await userEvent.click(hour);
    await userEvent.keyboard('{ArrowUp}');
    await expect(hour).toHaveTextContent('00');
    await userEvent.keyboard('{ArrowDown}');
    await expect(hour).toHaveTextContent('23');
    await userEvent.click(minute);
    await userEvent.keyboard('{ArrowUp}');
    await expect(minute).toHaveTextContent('00');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

/** Typed digits: 1 then 5 within 2 s make 15; a digit after the window starts again. */
export const TypedDigits: Story = {
  args: { granularity: 'minute', defaultValue: new CalendarDateTime(2025, 12, 23, 8, 0) },
  play: async ({ canvasElement }) => {
    const hour = hourSegment(canvasElement);
    await userEvent.click(hour);
    await userEvent.keyboard('1');
    await userEvent.keyboard('5');
    await expect(hour).toHaveTextContent('15');
    await userEvent.click(hour);
    await userEvent.keyboard('1');
    await expect(hour).toHaveTextContent('01');
    await new Promise((r) => setTimeout(r, 2200));
    await userEvent.keyboard('2');
    // Outside the window the 2 starts a new value instead of making 12.
    await expect(hour).toHaveTextContent('02');
  },
};

/** Spanish calendar: Monday first, month and year lists, year list 1975-2075. */
export const CalendarOpen: Story = {
  args: { granularity: 'minute', defaultValue: new CalendarDateTime(2025, 12, 23, 10, 0) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /calendario/i }));
    const dialog = await screen.findByRole('dialog');
    // The weekday row is hidden from assistive tech (each cell's name carries the weekday).
    const headers = [...dialog.querySelectorAll('th')];
    await expect(headers[0]).toHaveTextContent(/^l/i);
    await expect(headers[6]).toHaveTextContent(/^d/i);
    // 1 December 2025 is a Monday: first cell of the first row.
    const firstRow = within(dialog).getAllByRole('row')[0];
    await expect(within(firstRow).getAllByRole('gridcell')[0]).toHaveTextContent('1');
    await userEvent.click(within(dialog).getByRole('button', { name: /Año/ }));
    const years = await screen.findByRole('listbox');
    const options = within(years).getAllByRole('option');
    await expect(options).toHaveLength(101);
    await expect(options[0]).toHaveTextContent('1975');
    await expect(options[100]).toHaveTextContent('2075');
  },
};

/** Picking a year moves the calendar; the time field in the popover edits the hour. */
export const PickFromCalendar: Story = {
  args: { granularity: 'minute', defaultValue: new CalendarDateTime(2025, 12, 23, 10, 0) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /calendario/i }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Mes$/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marzo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Año/ }));
    await userEvent.click(await screen.findByRole('option', { name: '2026' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /, 9 de marzo de 2026/ }));
    await waitFor(() => expect(args.onChange).toHaveBeenCalled());
    await expect(canvas.getByText('9 de marzo de 2026 10:00')).toBeVisible();
  },
};

/** At the lower limit (January 1975) the previous-month button is disabled. */
export const AtLowerLimit: Story = {
  args: { granularity: 'minute', defaultValue: new CalendarDateTime(1975, 1, 10, 0, 0) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /calendario/i }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Mes siguiente' })).toBeEnabled();
  },
};

/** At the upper limit (December 2075) the next-month button is disabled. */
export const AtUpperLimit: Story = {
  args: { granularity: 'minute', defaultValue: new CalendarDateTime(2075, 12, 10, 0, 0) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /calendario/i }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Mes anterior' })).toBeEnabled();
  },
};
