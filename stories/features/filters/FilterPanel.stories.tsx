import { CalendarDate, CalendarDateTime } from '@internationalized/date';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useHydrateAtoms } from 'jotai/utils';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { FilterPanel } from '../../../src/features/filters/FilterPanel';
import {
  ALL,
  DEFAULT_LEVELS,
  draftFiltersAtom,
  EMPTY_DRAFT,
  type FilterDraft,
  MODE_OF_VARIANT,
  type PanelVariant,
} from '../../../src/features/filters/filterAtoms';
import {
  SAMPLE_CITIES,
  SAMPLE_FLIGHTS,
  SAMPLE_ORDERS,
  SAMPLE_REGIONS,
  SAMPLE_WAREHOUSES,
} from '../../components/samples';

const TODAY = new CalendarDate(2025, 12, 23);
const FIXED_CLOCK = async () => new Date('2025-12-23T14:05:09Z');

const FILLED: FilterDraft = {
  ...EMPTY_DRAFT,
  inicio: new CalendarDateTime(2025, 12, 1, 8, 0),
  fin: new CalendarDateTime(2025, 12, 8, 8, 0),
  niveles: { disponible: true, limitado: true, saturado: false },
  region: 'costa',
  ciudad: 'lima',
  vuelo: 'AX205',
  almacen: 'WH-LIMA-01',
  pedido: 'PED-100487',
  masFiltros: true,
};

/** Seeds the panel's atom in the story's fresh store. */
const withDraft =
  (variant: PanelVariant, draft: FilterDraft): Decorator =>
  (Story) => {
    useHydrateAtoms([[draftFiltersAtom(MODE_OF_VARIANT[variant]), draft]]);
    return <Story />;
  };

const meta = {
  title: 'features/filters/FilterPanel',
  component: FilterPanel,
  parameters: { layout: 'padded' },
  args: {
    variant: 'simulacion',
    onApply: fn(),
    timeSource: FIXED_CLOCK,
    referenceDate: TODAY,
    // The spec's samples, in stories only: the app passes what the server loaded.
    flights: { options: SAMPLE_FLIGHTS },
    warehouses: { options: SAMPLE_WAREHOUSES },
    orders: { options: SAMPLE_ORDERS },
    regions: SAMPLE_REGIONS,
    citiesFor: () => SAMPLE_CITIES,
  },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FilterPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const aplicar = (el: HTMLElement) => within(el).getByRole('button', { name: 'Aplicar' });
const chip = (el: HTMLElement, name: string) => within(el).getByRole('button', { name });

/** simulacion: inicio and fin; Aplicar disabled until both are set. */
export const Simulacion: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('group', { name: /Fecha de inicio/ })).toHaveTextContent(
      'dd/MM/aaaa HH:mm',
    );
    await expect(canvas.getByRole('group', { name: /Fecha de fin/ })).toHaveTextContent('dd/MM/aaaa HH:mm');
    await expect(aplicar(canvasElement)).toBeDisabled();
    await waitFor(() =>
      expect(canvas.getByRole('timer', { name: 'Hora del sistema' })).toHaveTextContent('14:05'),
    );
  },
};

export const Operacion: Story = {
  args: { variant: 'operacion' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: /Fecha de inicio/ })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: /Fecha de fin/ })).not.toBeInTheDocument();
  },
};

/** colapso: no dates, Aplicar enabled from the start. */
export const Colapso: Story = {
  args: { variant: 'colapso' },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.queryByRole('group', { name: /Fecha/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Vuelo/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Almacén/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Pedido/ })).toBeVisible();
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenCalledWith({
      niveles: DEFAULT_LEVELS,
      region: null,
      ciudad: null,
      vuelo: null,
      almacen: null,
      pedido: null,
    });
  },
};

/** Defaults: Disponible on, Limitado and Saturado off; each toggles independently. */
export const LevelChips: Story = {
  args: { variant: 'colapso' },
  play: async ({ canvasElement, args }) => {
    await expect(chip(canvasElement, 'Disponible')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(canvasElement, 'Limitado')).toHaveAttribute('aria-pressed', 'false');
    await expect(chip(canvasElement, 'Saturado')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip(canvasElement, 'Saturado'));
    await userEvent.click(chip(canvasElement, 'Disponible'));
    await expect(chip(canvasElement, 'Saturado')).toHaveAttribute('aria-pressed', 'true');
    await expect(chip(canvasElement, 'Limitado')).toHaveAttribute('aria-pressed', 'false');
    await expect(chip(canvasElement, 'Disponible')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenCalledWith(
      expect.objectContaining({ niveles: { disponible: false, limitado: false, saturado: true } }),
    );
  },
};

/** Más filtros reveals Región and Ciudad with the spec's lists; Ocultar filtros hides them. */
export const MoreFiltersOpen: Story = {
  args: { variant: 'colapso' },
  play: async ({ canvas, args, canvasElement }) => {
    await expect(canvas.queryByRole('button', { name: /Región/ })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Más filtros' }));
    await expect(canvas.getByRole('button', { name: 'Ocultar filtros' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: /Región/ }));
    const regions = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(regions.map((o) => o.textContent)).toEqual(['Todas', 'Andina', 'Amazónica', 'Costa']);
    await userEvent.click(regions[2]);
    await userEvent.click(canvas.getByRole('button', { name: /Ciudad/ }));
    const cities = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(cities.map((o) => o.textContent)).toEqual(['Todas', 'Lima', 'Cusco', 'Piura']);
    await userEvent.click(cities[2]);
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenCalledWith(
      expect.objectContaining({ region: 'amazonica', ciudad: 'cusco' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar filtros' }));
    await expect(canvas.queryByRole('button', { name: /Región/ })).not.toBeInTheDocument();
  },
};

/** Disabled Aplicar explains why in its tooltip (reached by keyboard). */
export const ApplyDisabledTooltip: Story = {
  play: async ({ canvasElement }) => {
    await expect(aplicar(canvasElement)).toBeDisabled();
    const wrap = within(canvasElement).getByTestId('aplicar-wrap');
    wrap.focus();
    await userEvent.hover(wrap);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Selecciona el rango de fechas');
  },
};

/** Typing both dates enables Aplicar; its tooltip says 'Aplicar filtros'; it applies Dates in UTC. */
export const ApplyEnabled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const segments = (name: RegExp) => within(canvas.getByRole('group', { name })).getAllByRole('spinbutton');
    await userEvent.click(segments(/Fecha de inicio/)[0]);
    await userEvent.keyboard('01122025');
    await userEvent.keyboard('0830');
    await expect(aplicar(canvasElement)).toBeDisabled();
    await userEvent.click(segments(/Fecha de fin/)[0]);
    await userEvent.keyboard('08122025');
    await userEvent.keyboard('2000');
    await waitFor(() => expect(aplicar(canvasElement)).toBeEnabled());
    aplicar(canvasElement).focus();
    await userEvent.hover(aplicar(canvasElement));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Aplicar filtros');
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenCalledWith({
      inicio: new Date('2025-12-01T08:30:00Z'),
      fin: new Date('2025-12-08T20:00:00Z'),
      niveles: DEFAULT_LEVELS,
      region: null,
      ciudad: null,
      vuelo: null,
      almacen: null,
      pedido: null,
    });
  },
};

/** Every field set: the picks show on their cards; Aplicar hands over the whole object. */
export const Filled: Story = {
  decorators: [withDraft('simulacion', FILLED)],
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('button', { name: 'Vuelo AX205' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Almacén WH-LIMA-01' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pedido PED-100487' })).toBeVisible();
    await expect(canvas.getByText('1 de diciembre de 2025 08:00')).toBeVisible();
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenCalledWith({
      inicio: new Date('2025-12-01T08:00:00Z'),
      fin: new Date('2025-12-08T08:00:00Z'),
      niveles: { disponible: true, limitado: true, saturado: false },
      region: 'costa',
      ciudad: 'lima',
      vuelo: 'AX205',
      almacen: 'WH-LIMA-01',
      pedido: 'PED-100487',
    });
  },
};

/** Limpiar: dates, region, city and picks cleared, level defaults restored. */
export const Cleared: Story = {
  decorators: [withDraft('simulacion', FILLED)],
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar' }));
    await expect(canvas.getByRole('button', { name: 'Vuelo Seleccionar vuelo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Almacén Seleccionar almacén' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pedido Seleccionar pedido' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: /Fecha de inicio/ })).toHaveTextContent(
      'dd/MM/aaaa HH:mm',
    );
    await expect(canvas.getByRole('button', { name: /Región/ })).toHaveTextContent('Todas');
    await expect(canvas.getByRole('button', { name: /Ciudad/ })).toHaveTextContent('Todas');
    await expect(chip(canvasElement, 'Limitado')).toHaveAttribute('aria-pressed', 'false');
    await expect(chip(canvasElement, 'Disponible')).toHaveAttribute('aria-pressed', 'true');
    await expect(aplicar(canvasElement)).toBeDisabled();
  },
};

/** Pick cards in the panel: search, pick, the card shows it and Aplicar carries it. */
export const PickCards: Story = {
  args: { variant: 'colapso' },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Almacén Seleccionar almacén' }));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Buscar almacén' }), 'cus');
    await userEvent.click(await screen.findByRole('option', { name: 'WH-CUSCO-02' }));
    await expect(canvas.getByRole('button', { name: 'Almacén WH-CUSCO-02' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pedido Seleccionar pedido' }));
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Buscar pedido' }), 'XYZ');
    await expect(await screen.findByText('Sin resultados')).toBeVisible();
    // Escape clears the search first, then closes the popover.
    await userEvent.keyboard('{Escape}{Escape}');
    await waitFor(() => expect(screen.queryByRole('searchbox')).not.toBeInTheDocument());
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenCalledWith(
      expect.objectContaining({ almacen: 'WH-CUSCO-02', pedido: null }),
    );
  },
};

/** Light theme rendering of the filled panel. */
export const FilledLight: Story = {
  parameters: { theme: 'light' },
  decorators: [withDraft('operacion', { ...FILLED, region: ALL, ciudad: ALL })],
  args: { variant: 'operacion' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 de diciembre de 2025 08:00')).toBeVisible();
  },
};

/** Chips combination: every level on (and back to none). */
export const AllLevelsOn: Story = {
  args: { variant: 'colapso' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(chip(canvasElement, 'Limitado'));
    await userEvent.click(chip(canvasElement, 'Saturado'));
    for (const name of ['Disponible', 'Limitado', 'Saturado'])
      await expect(chip(canvasElement, name)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ niveles: { disponible: true, limitado: true, saturado: true } }),
    );
    for (const name of ['Disponible', 'Limitado', 'Saturado'])
      await userEvent.click(chip(canvasElement, name));
    await userEvent.click(aplicar(canvasElement));
    await expect(args.onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ niveles: { disponible: false, limitado: false, saturado: false } }),
    );
  },
};
