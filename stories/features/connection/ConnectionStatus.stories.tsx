import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ConnectionContext } from '../../../src/features/connection/ConnectionContext';
import { ConnectionStatus } from '../../../src/features/connection/ConnectionStatus';
import type { connectionMachine } from '../../../src/features/connection/connectionMachine';
import { SAMPLE_AIRPORTS, syntheticFlights } from '../../../src/features/map/syntheticFlights';
import { failingStream, liveStream, silentStream } from '../map/standInStreams';

const withLogic = (logic: typeof connectionMachine, visibleFlights?: number) => (
  <ConnectionContext.Provider
    logic={logic}
    options={{ input: { url: '/api/vuelos/live?limit=200&modo=operacion' } }}
  >
    <ConnectionStatus visibleFlights={visibleFlights} />
  </ConnectionContext.Provider>
);

const meta = {
  title: 'features/connection/ConnectionStatus',
  component: ConnectionStatus,
  parameters: { layout: 'centered' },
} satisfies Meta<typeof ConnectionStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connecting: Story = {
  render: () => withLogic(silentStream),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Conectando...');
  },
};

export const Connected: Story = {
  render: () => withLogic(liveStream(syntheticFlights(SAMPLE_AIRPORTS, 12)), 12),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('En vivo · 12 vuelos')).toBeVisible();
  },
};

export const Disconnected: Story = {
  render: () => withLogic(failingStream),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('SSE desconectado')).toBeVisible();
  },
};
