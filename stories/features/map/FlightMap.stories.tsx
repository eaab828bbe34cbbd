import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { WritableAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { FlightDetailDto, WarehouseOccupancyDto } from '../../../contract';
import { appliedFiltersAtom, EMPTY_FILTERS } from '../../../src/features/filters/filterAtoms';
import { FlightMap } from '../../../src/features/map/FlightMap';
import {
  activeAirportAtom,
  selectedFlightIdAtom,
  selectedOrderKeyAtom,
} from '../../../src/features/map/mapAtoms';
import { hoveredAirportAtom } from '../../../src/features/map/mapDataAtoms';
import { SAMPLE_AIRPORTS, syntheticFlights } from '../../../src/features/map/syntheticFlights';
import { WAREHOUSE } from '../exceptions/fixtures';
import { ORDER_ON_TIME } from './orderFixtures';
import { failingStream, liveStream } from './standInStreams';

const FLIGHTS = syntheticFlights(SAMPLE_AIRPORTS, 60);
const MANY_FLIGHTS = syntheticFlights(SAMPLE_AIRPORTS, 2000, 11);

const WAREHOUSES: WarehouseOccupancyDto[] = SAMPLE_AIRPORTS.map((a, i) => {
  const capacidad = a.capacidad ?? 400;
  const porcentaje = [15, 35, 55, 72, 88, 97][i % 6] as number;
  return {
    codigo: a.codigo,
    ciudad: a.ciudad,
    ocupacion: Math.round((capacidad * porcentaje) / 100),
    capacidad,
    porcentaje,
    nivel: porcentaje >= 90 ? 'saturado' : porcentaje >= 70 ? 'limitado' : 'disponible',
  };
});

const FIRST = FLIGHTS[0] as (typeof FLIGHTS)[number];
const FLIGHT_DETAIL: FlightDetailDto = {
  id: FIRST.id,
  codigo: FIRST.codigo as string,
  origen: FIRST.origen as string,
  destino: FIRST.destino as string,
  salida: '2026-01-05T10:00:00.000Z',
  llegada: '2026-01-05T22:00:00.000Z',
  carga: FIRST.carga as number,
  capacidad: FIRST.capacidad as number,
  nivel: FIRST.nivel ?? 'disponible',
  cancelado: false,
  pedidos: [
    { pedido: 'SPIM-000000012', cantidad: 40 },
    { pedido: 'EBCI-000000007', cantidad: 25 },
  ],
};

const ORDER = ORDER_ON_TIME;

const API = {
  aereopuertos: { json: SAMPLE_AIRPORTS },
  almacenes: { json: WAREHOUSES },
  'almacenes/SPIM': { json: WAREHOUSE },
  [`vuelos/${FIRST.id}`]: { json: FLIGHT_DETAIL },
  [`pedidos/${ORDER.id}`]: { json: ORDER },
};

// biome-ignore lint/suspicious/noExplicitAny: atoms of different value types are hydrated together
type AnyAtom = WritableAtom<unknown, [any], unknown>;
function Hydrate({ values, children }: { values: [AnyAtom, unknown][]; children: ReactNode }) {
  useHydrateAtoms(new Map(values));
  return children;
}
const withAtoms =
  (values: [AnyAtom, unknown][]): Decorator =>
  (Story) => (
    <Hydrate values={values}>
      <Story />
    </Hydrate>
  );

const meta = {
  title: 'features/map/FlightMap',
  component: FlightMap,
  args: { mode: 'operacion' },
  parameters: { api: API },
  decorators: [
    (Story) => (
      <div style={{ height: '100vh', display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => <FlightMap {...args} connectionLogic={liveStream(FLIGHTS)} />,
} satisfies Meta<typeof FlightMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for MapLibre's load event, then for the airports and flights handed to their sources. */
async function loadedMap(canvasElement: HTMLElement, flights = FLIGHTS.length) {
  const root = await within(canvasElement).findByTestId('flight-map');
  await waitFor(() => expect(root.dataset.mapLoaded).toBe('true'), { timeout: 45_000 });
  await expect(root.querySelector('canvas.maplibregl-canvas')).toBeInTheDocument();
  await waitFor(() => expect(root.dataset.airportCount).toBe(String(SAMPLE_AIRPORTS.length)), {
    timeout: 10_000,
  });
  if (flights > 0)
    await waitFor(() => expect(root.dataset.flightCount).toBe(String(flights)), { timeout: 10_000 });
  return root;
}

export const DarkMercator: Story = {
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    await expect(root.dataset.projection).toBe('mercator');
    await expect(within(root).getByRole('status')).toHaveTextContent('En vivo');
    // Without the compact stream's total, the map says only what it shows.
    await expect(within(root).getByText(`${FLIGHTS.length} vuelos en el mapa`)).toBeVisible();
    // No route lines until a plane is hovered or selected, or the operator asks for them.
    await expect(root.dataset.routeCount ?? '0').toBe('0');
    await expect(within(root).getByRole('button', { name: 'Cambiar a proyección globo' })).toBeVisible();
  },
};

export const LightMercator: Story = {
  parameters: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    await expect(root.dataset.theme).toBe('light');
  },
};

export const DarkGlobe: Story = {
  args: { initialProjection: 'globe' },
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    await expect(root.dataset.projection).toBe('globe');
    await expect(within(root).getByRole('button', { name: 'Cambiar a proyección Mercator' })).toBeVisible();
  },
};

export const LightGlobe: Story = {
  args: { initialProjection: 'globe' },
  parameters: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    await expect(root.dataset.projection).toBe('globe');
  },
};

export const ActiveAirport: Story = {
  decorators: [withAtoms([[activeAirportAtom as AnyAtom, 'SPIM']])],
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    // Label 'city (code)' for the active marker only, and its detail card with occupancy.
    await expect(
      await within(root).findByText('Lima (SPIM)', { selector: '[data-airport-label]' }),
    ).toBeVisible();
    const card = within(root).getByRole('region', { name: 'Detalle del aeropuerto' });
    await expect(card).toHaveTextContent('Ocupación del almacén');
    await expect(await within(card).findByText(/135 \/ 900/)).toBeVisible();
    // What waits there, each key opening its order.
    await expect(
      await within(card).findByRole('button', { name: 'Ver pedido SKBO-000004512' }),
    ).toBeVisible();
  },
};

export const HoveredAirport: Story = {
  decorators: [withAtoms([[hoveredAirportAtom as AnyAtom, 'NZAA']])],
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    // No city: the code alone.
    const label = await within(root).findByText('NZAA', { selector: '[data-airport-label]' });
    await expect(label).toHaveAttribute('data-airport-label', 'hover');
    await expect(root.querySelectorAll('[data-airport-label]')).toHaveLength(1);
  },
};

export const SelectedFlight: Story = {
  decorators: [withAtoms([[selectedFlightIdAtom as AnyAtom, FIRST.id]])],
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    const card = within(root).getByRole('region', { name: 'Detalle del vuelo' });
    await expect(card).toHaveTextContent(`Vuelo ${FIRST.codigo}`);
    await expect(await within(card).findByText('SPIM-000000012')).toBeVisible();
  },
};

export const SelectedOrder: Story = {
  decorators: [withAtoms([[selectedOrderKeyAtom as AnyAtom, ORDER.id]])],
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    // Both legs (Lima to Los Angeles, across the date line to Tokyo) drawn as the order's route.
    await waitFor(() => expect(root.dataset.orderLegs).toBe('2'));
    // Its card opens from the same query; closing it clears the pick and the drawn route.
    const card = within(root).getByRole('region', { name: 'Detalle del pedido' });
    await expect(within(card).getByText('A tiempo')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Cerrar detalle del pedido' }));
    await waitFor(() => expect(root.dataset.orderLegs).toBe('0'));
    await expect(within(root).queryByRole('region', { name: 'Detalle del pedido' })).toBeNull();
  },
};

const ONLY_SATURATED = { ...EMPTY_FILTERS, niveles: { disponible: false, limitado: false, saturado: true } };

export const FilteredBySaturation: Story = {
  decorators: [withAtoms([[appliedFiltersAtom('operacion') as AnyAtom, ONLY_SATURATED]])],
  play: async ({ canvasElement }) => {
    const saturated = FLIGHTS.filter((f) => f.nivel === 'saturado').length;
    await expect(saturated).toBeGreaterThan(0);
    await expect(saturated).toBeLessThan(FLIGHTS.length);
    await loadedMap(canvasElement, saturated);
  },
};

const ALL_LEVELS = { disponible: true, limitado: true, saturado: true };
const EUROPE = new Set(SAMPLE_AIRPORTS.filter((a) => a.continente === 'Europa').map((a) => a.codigo));

export const FilteredByRegion: Story = {
  decorators: [
    withAtoms([
      [
        appliedFiltersAtom('operacion') as AnyAtom,
        { ...EMPTY_FILTERS, niveles: ALL_LEVELS, region: 'europa' },
      ],
    ]),
  ],
  play: async ({ canvasElement }) => {
    const root = await within(canvasElement).findByTestId('flight-map');
    await waitFor(() => expect(root.dataset.mapLoaded).toBe('true'), { timeout: 45_000 });
    // Only European airports stay, and the flights with one end in Europe.
    await waitFor(() => expect(root.dataset.airportCount).toBe(String(EUROPE.size)), { timeout: 10_000 });
    const touching = FLIGHTS.filter((f) => EUROPE.has(f.origen ?? '') || EUROPE.has(f.destino ?? '')).length;
    await expect(touching).toBeLessThan(FLIGHTS.length);
    await waitFor(() => expect(root.dataset.flightCount).toBe(String(touching)), { timeout: 10_000 });
  },
};

export const Disconnected: Story = {
  render: (args) => <FlightMap {...args} connectionLogic={failingStream} />,
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement, 0);
    // Retries reconnect for a moment now and then, so each text is found and seen in one step (a text
    // found just before a retry may be gone when it is looked at).
    await waitFor(() => expect(within(root).getByText('SSE desconectado')).toBeVisible(), {
      timeout: 10_000,
    });
    // Not only a small pill: the map dims and says it stopped.
    await waitFor(() => expect(root).toHaveAttribute('data-offline', 'true'));
    await waitFor(
      () =>
        expect(within(root).getByText(/Sin conexión con el servidor: el mapa está detenido/)).toBeVisible(),
      { timeout: 10_000 },
    );
  },
};

/** The airports call failed: the map says so and offers 'Reintentar', which asks again. */
export const AirportsFailed: Story = {
  parameters: {
    api: {
      ...API,
      aereopuertos: { status: 500, json: { message: 'Error interno del servidor', code: 'ERROR_INTERNO' } },
    },
  },
  play: async ({ canvasElement }) => {
    const root = await within(canvasElement).findByTestId('flight-map');
    const alert = await within(root).findByText(
      /No se pudieron cargar los aeropuertos: Error interno del servidor/,
      {},
      { timeout: 10_000 },
    );
    await expect(alert).toBeVisible();
    await expect(within(root).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    await userEvent.click(within(root).getByRole('button', { name: 'Reintentar' }));
    // Asked again and still failing: said again.
    await expect(
      await within(root).findByText(/No se pudieron cargar los aeropuertos/, {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

export const LoadingAirports: Story = {
  parameters: { api: { ...API, aereopuertos: { json: SAMPLE_AIRPORTS, delayMs: 3000 } } },
  play: async ({ canvasElement }) => {
    const toast = (await screen.findByText('Cargando aeropuertos...')).closest('[data-sonner-toast]');
    await waitFor(() => expect(toast).toBeVisible());
    // Loading toasts cannot be dismissed; it goes away once the airports arrive.
    await expect(toast).toHaveAttribute('data-dismissible', 'false');
    await loadedMap(canvasElement);
    await waitFor(() => expect(screen.queryByText('Cargando aeropuertos...')).toBeNull(), { timeout: 5000 });
  },
};

const AIRBORNE = syntheticFlights(SAMPLE_AIRPORTS, 300, 5);

/**
 * The compact stream: the 200 busiest of 300 flights in the air. 'Mostrar todos' asks for every one
 * (a new stream with the server's cap as the limit), and the way back is offered.
 */
export const AirborneCount: Story = {
  render: (args) => <FlightMap {...args} connectionLogic={liveStream(AIRBORNE, 1000, { compact: true })} />,
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement, 200);
    await expect(await within(root).findByText('200 de 300 vuelos en el aire')).toBeVisible();
    await userEvent.click(within(root).getByRole('button', { name: 'Mostrar todos' }));
    await waitFor(() => expect(root.dataset.flightCount).toBe('300'), { timeout: 10_000 });
    await expect(await within(root).findByText('300 de 300 vuelos en el aire')).toBeVisible();
    await userEvent.click(within(root).getByRole('button', { name: 'Mostrar solo los 200 más cargados' }));
    await waitFor(() => expect(root.dataset.flightCount).toBe('200'), { timeout: 10_000 });
  },
};

/** 'Todas las rutas' draws one line per distinct route of the planes on the map; off again, none. */
export const AllRoutes: Story = {
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    const chip = within(root).getByRole('button', { name: 'Todas las rutas' });
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip);
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    const distinct = new Set(
      FLIGHTS.map((f) => `${f.originLon},${f.originLat},${f.destLon},${f.destLat},${f.pathColor ?? ''}`),
    ).size;
    await waitFor(() => expect(root.dataset.routeCount).toBe(String(distinct)));
    await userEvent.click(chip);
    await waitFor(() => expect(root.dataset.routeCount).toBe('0'));
  },
};

/** A filter that narrows the planes (only the loaded ones) draws their routes. */
export const FilteredRoutes: Story = {
  decorators: [
    withAtoms([
      [
        appliedFiltersAtom('operacion') as AnyAtom,
        { ...EMPTY_FILTERS, niveles: { disponible: false, limitado: true, saturado: true } },
      ],
    ]),
  ],
  play: async ({ canvasElement }) => {
    const loaded = FLIGHTS.filter((f) => f.nivel === 'limitado' || f.nivel === 'saturado');
    const root = await loadedMap(canvasElement, loaded.length);
    await expect(root).toHaveAttribute('data-route-drawing', 'filtradas');
    await waitFor(() => expect(Number(root.dataset.routeCount)).toBeGreaterThan(0));
  },
};

/** The legend names every mark; the zoom buttons move the camera; MapLibre speaks Spanish. */
export const LegendAndZoom: Story = {
  play: async ({ canvasElement }) => {
    const root = await loadedMap(canvasElement);
    const toggle = within(root).getByRole('button', { name: 'Leyenda' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const legend = within(root).getByRole('region', { name: 'Leyenda del mapa' });
    for (const text of [
      'Aviones: carga del vuelo',
      'Aeropuertos: ocupación del almacén',
      'Sede (anillo)',
      'Pedido seleccionado',
    ])
      await expect(within(legend).getByText(text)).toBeVisible();
    await expect(within(legend).getAllByText('Saturado')).toHaveLength(2);
    const before = Number(root.dataset.zoom);
    await userEvent.click(within(root).getByRole('button', { name: 'Acercar' }));
    await waitFor(() => expect(Number(root.dataset.zoom)).toBeGreaterThan(before), { timeout: 5_000 });
    await userEvent.click(within(root).getByRole('button', { name: 'Alejar' }));
    await waitFor(() => expect(Number(root.dataset.zoom)).toBeCloseTo(before, 1), { timeout: 5_000 });
    await expect(root.querySelector('canvas.maplibregl-canvas')).toHaveAttribute(
      'aria-label',
      'Mapa de vuelos',
    );
  },
};

export const TwoThousandFlights: Story = {
  render: (args) => <FlightMap {...args} connectionLogic={liveStream(MANY_FLIGHTS)} />,
  play: async ({ canvasElement }) => {
    await loadedMap(canvasElement, MANY_FLIGHTS.length);
  },
};
