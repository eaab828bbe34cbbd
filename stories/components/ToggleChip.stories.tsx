import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ToggleChip } from '../../src/components/ToggleChip/ToggleChip';
import { CHIP_TONES } from '../../src/components/ToggleChip/ToggleChip.css';

const meta = {
  title: 'components/ToggleChip',
  component: ToggleChip,
  parameters: { layout: 'centered' },
  argTypes: { tone: { control: 'select', options: CHIP_TONES } },
  args: { children: 'Disponible', tone: 'disponible', onChange: fn() },
} satisfies Meta<typeof ToggleChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvas, args }) => {
    const chip = canvas.getByRole('button', { name: 'Disponible' });
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip);
    await expect(args.onChange).toHaveBeenCalledWith(true);
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
  },
};

export const On: Story = {
  args: { defaultSelected: true, children: 'Saturado', tone: 'saturado' },
  play: async ({ canvas }) => {
    const chip = canvas.getByRole('button', { name: 'Saturado' });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    chip.focus();
    await userEvent.keyboard(' ');
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
  },
};
