import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { VirtualList } from '../../src/components/VirtualList/VirtualList';

interface Row {
  id: string;
  text: string;
}

const ROWS: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: `SPIM-${String(i + 1).padStart(9, '0')}`,
  text: `Pedido ${i + 1}`,
}));

/** Typed wrapper: a story's args cannot carry the generic. */
function RowList(props: { items: Row[]; onAction: (id: string) => void }) {
  return (
    <div style={{ width: 320, padding: 12 }}>
      <VirtualList
        aria-label="Pedidos"
        items={props.items}
        idOf={(r) => r.id}
        textOf={(r) => r.text}
        rowHeight={40}
        onAction={props.onAction}
        empty="Sin pedidos"
        className="story-list"
      >
        {(r) => (
          <span>
            {r.id} · {r.text}
          </span>
        )}
      </VirtualList>
      <style>{'.story-list { height: 240px; }'}</style>
    </div>
  );
}

const meta = {
  title: 'components/VirtualList',
  component: RowList,
  args: { items: ROWS, onAction: fn() },
} satisfies Meta<typeof RowList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ten thousand rows, only those in view in the document; a row is an action. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('listbox', { name: 'Pedidos' });
    await expect(within(list).getAllByRole('option').length).toBeLessThan(40);
    await userEvent.click(within(list).getByText('SPIM-000000002 · Pedido 2'));
    await expect(args.onAction).toHaveBeenCalledWith('SPIM-000000002');
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sin pedidos')).toBeVisible();
  },
};
