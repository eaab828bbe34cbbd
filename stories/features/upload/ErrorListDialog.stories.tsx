import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { ErrorDetailDto } from '../../../contract';
import { ErrorListDialog } from '../../../src/features/upload/ErrorListDialog';

const DETAILS: ErrorDetailDto[] = Array.from({ length: 25 }, (_, i) => ({
  line: i * 3 + 2,
  field: 'fecha',
  message: `Línea ${i * 3 + 2}: fecha '2025133${i % 10}' no existe en el calendario`,
  texto: `00000000${i % 10}-2025133${i % 10}-01-38-EBCI-006-0007729`,
}));

const meta = {
  title: 'features/upload/ErrorListDialog',
  component: ErrorListDialog,
  parameters: { layout: 'centered' },
  args: {
    fileName: 'pedidos.txt',
    details: DETAILS,
    total: 43_210,
    isOpen: true,
    onClose: fn(),
  },
} satisfies Meta<typeof ErrorListDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Many errors: the first 20 with line, field and the line itself; the count of all of them. */
export const ManyErrors: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'pedidos.txt no se cargó' });
    await expect(dialog).toHaveTextContent('43.210 errores; nada se guardó. Se muestran los primeros 20.');
    const items = within(within(dialog).getByRole('list', { name: 'Errores del archivo' })).getAllByRole(
      'listitem',
    );
    await expect(items).toHaveLength(20);
    await expect(items[0]).toHaveTextContent('Línea 2 · fecha');
    await expect(items[0]).toHaveTextContent("fecha '20251330' no existe en el calendario");
    await expect(items[0]).toHaveTextContent('000000000-20251330-01-38-EBCI-006-0007729');
    await expect(within(dialog).getByRole('button', { name: 'Descargar lista (.txt)' })).toBeEnabled();
  },
};

/** One error: no "first ones" note. */
export const OneError: Story = {
  args: { details: DETAILS.slice(0, 1), total: 1 },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await expect(dialog).toHaveTextContent('1 error; nada se guardó.');
    await expect(dialog).not.toHaveTextContent('Se muestran');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
