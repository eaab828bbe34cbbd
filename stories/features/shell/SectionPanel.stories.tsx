import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { SectionPanel } from '../../../src/features/shell/SectionPanel';

const meta = {
  title: 'features/shell/SectionPanel',
  component: SectionPanel,
  args: {
    title: 'Controles de simulación',
    isMobile: false,
    isOpen: true,
    onOpenChange: fn(),
    children: <p>Contenido del panel</p>,
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.isOpen);
    return (
      <div style={{ position: 'relative', height: '420px' }}>
        <SectionPanel
          {...args}
          isOpen={open}
          onOpenChange={(next) => {
            setOpen(next);
            args.onOpenChange(next);
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof SectionPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Contenido del panel')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(canvas.queryByText('Contenido del panel')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Ver más' })).toBeVisible();
  },
};

export const Collapsed: Story = {
  args: { isOpen: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Contenido del panel')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver más' }));
    await expect(canvas.getByText('Contenido del panel')).toBeVisible();
  },
};

export const BottomSheetClosed: Story = {
  args: { isMobile: true, isOpen: false },
  play: async ({ canvas }) => {
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Ver más' }));
    await expect(await screen.findByRole('dialog', { name: 'Controles de simulación' })).toBeVisible();
  },
};

export const BottomSheetOpen: Story = {
  args: { isMobile: true, isOpen: true },
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Controles de simulación' });
    await expect(sheet).toHaveTextContent('Contenido del panel');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
