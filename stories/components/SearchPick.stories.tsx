import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  type PickOption,
  SearchPick,
  type SearchPickProps,
} from '../../src/components/SearchPick/SearchPick';
import { SAMPLE_FLIGHTS, SAMPLE_ORDERS, SAMPLE_WAREHOUSES } from './samples';

/** Controlled in the story so picking shows on the card. */
function Harness(props: SearchPickProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SearchPick
      {...props}
      value={value}
      onChange={(id) => {
        setValue(id);
        props.onChange(id);
      }}
    />
  );
}

const meta = {
  title: 'components/SearchPick',
  component: Harness,
  parameters: { layout: 'centered' },
  args: {
    label: 'Vuelo',
    placeholder: 'Seleccionar vuelo',
    options: SAMPLE_FLIGHTS,
    value: null,
    onChange: fn(),
  },
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button');

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveAccessibleName('Vuelo Seleccionar vuelo');
  },
};

/** Samples: 5 flights AX + 3 digits. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    const search = await screen.findByRole('searchbox', { name: 'Buscar vuelo' });
    await expect(search).toHaveAttribute('placeholder', 'Buscar ...');
    await waitFor(() => expect(search).toHaveFocus());
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    await expect(options).toHaveLength(5);
    for (const o of options) await expect(o.textContent).toMatch(/^AX\d{3}$/);
  },
};

export const Searching: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    await userEvent.type(await screen.findByRole('searchbox'), '44');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    await expect(screen.getByRole('option', { name: 'AX442' })).toBeVisible();
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    await userEvent.type(await screen.findByRole('searchbox'), 'ZZ9');
    await expect(await screen.findByText('Sin resultados')).toBeVisible();
  },
};

/** Picking (keyboard: arrows and Enter) closes the popover and clears the search. */
export const Picked: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(trigger(canvasElement));
    await userEvent.type(await screen.findByRole('searchbox'), 'AX3');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onChange).toHaveBeenCalledWith('AX318');
    await expect(trigger(canvasElement)).toHaveAccessibleName('Vuelo AX318');
    await userEvent.click(trigger(canvasElement));
    await expect(await screen.findByRole('searchbox')).toHaveValue('');
    await expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(5);
  },
};

export const Warehouses: Story = {
  args: { label: 'Almacén', placeholder: 'Seleccionar almacén', options: SAMPLE_WAREHOUSES },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(options).toHaveLength(4);
    for (const o of options) await expect(o.textContent).toMatch(/^WH-[A-Z]+-\d+$/);
  },
};

export const Orders: Story = {
  args: { label: 'Pedido', placeholder: 'Seleccionar pedido', options: SAMPLE_ORDERS },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(options).toHaveLength(4);
    for (const o of options) await expect(o.textContent).toMatch(/^PED-\d{6}$/);
    await userEvent.click(options[2]);
    await expect(trigger(canvasElement)).toHaveAccessibleName('Pedido PED-101052');
  },
};

const MANY: PickOption[] = Array.from({ length: 50_000 }, (_, i) => {
  const id = `SPIM-${String(i + 1).padStart(9, '0')}`;
  return { id };
});

/** Tens of thousands of options: the virtualiser keeps only the visible rows in the page. */
export const ManyOptions: Story = {
  args: { label: 'Pedido', placeholder: 'Seleccionar pedido', options: MANY },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(3));
    await expect(within(list).getAllByRole('option').length).toBeLessThan(60);
    await userEvent.type(screen.getByRole('searchbox'), '0049999');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await expect(within(list).getByRole('option')).toHaveTextContent('SPIM-000049999');
  },
};

/**
 * The server sent the first 201 matching keys of many more (it searches on each keystroke): the list
 * says there are more instead of a count it does not know.
 */
export const ServerHasMore: Story = {
  args: { label: 'Pedido', placeholder: 'Seleccionar pedido', options: MANY.slice(0, 201), hasMore: true },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    await expect(await screen.findByRole('status')).toHaveTextContent('Más de 200: escribe para acotar');
    await userEvent.type(screen.getByRole('searchbox'), '0000001');
    const list = screen.getByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeLessThan(200));
    await expect(screen.queryByRole('status')).toBeNull();
  },
};

/** The list is still on its way: it says so and offers nothing it does not have. */
export const Loading: Story = {
  args: { options: [], isLoading: true, emptyText: 'No hay vuelos cargados' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    // Nothing to pick, and no "empty" claim while the list is still coming.
    await expect(screen.getByRole('listbox')).toHaveTextContent(/^$/);
    await expect(screen.queryByText('No hay vuelos cargados')).toBeNull();
  },
};

/**
 * The server is still answering a longer text: the list shows the keys already at hand that match it,
 * says 'Cargando...', and claims no "Sin resultados" while the answer may still bring some.
 */
export const InterimWhileLoading: Story = {
  args: {
    label: 'Pedido',
    placeholder: 'Seleccionar pedido',
    options: MANY.slice(0, 30),
    isLoading: true,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    await userEvent.type(screen.getByRole('searchbox'), '00000001');
    const list = screen.getByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(11));
    for (const o of within(list).getAllByRole('option')) await expect(o.textContent).toContain('00000001');
    await userEvent.type(screen.getByRole('searchbox'), 'X');
    await waitFor(() => expect(list).toHaveTextContent(/^$/));
    await expect(screen.queryByText('Sin resultados')).toBeNull();
    await expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
  },
};

/** Nothing loaded on the server: an empty list says so instead of showing samples. */
export const Empty: Story = {
  args: { options: [], emptyText: 'No hay vuelos cargados' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement));
    await expect(await screen.findByText('No hay vuelos cargados')).toBeVisible();
    await expect(screen.getByRole('listbox')).toHaveTextContent(/^No hay vuelos cargados$/);
  },
};

const retried = fn();

/** The list failed to load: the error is shown with 'Reintentar'. */
export const LoadError: Story = {
  args: {
    options: [],
    error: 'No se pudo cargar la lista: Error de red',
    onRetry: retried,
  },
  play: async ({ canvasElement }) => {
    retried.mockClear();
    await userEvent.click(trigger(canvasElement));
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar la lista: Error de red',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await expect(retried).toHaveBeenCalledTimes(1);
  },
};
