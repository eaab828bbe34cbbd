import type { Decorator, Preview } from '@storybook/react-vite';
import { createStore } from 'jotai';
import { useLayoutEffect, useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '../src/api/queryClient';
import { Providers } from '../src/app/Providers';
import { themePreferenceAtom } from '../src/features/theme/themeAtoms';
import '../src/styles/global.css';
import { type ApiFixtures, installFetchMock } from './fetchMock';

/** Fresh store, query client (no retries), theme, route and API fixtures for every story. */
const withApp: Decorator = (Story, context) => {
  const theme = (context.parameters.theme ?? context.globals.theme ?? 'dark') as 'light' | 'dark';
  const path = (context.parameters.route as string | undefined) ?? '/operacion';
  const fixtures = (context.parameters.api as ApiFixtures | undefined) ?? {};
  const [store] = useState(() => {
    const s = createStore();
    s.set(themePreferenceAtom, theme);
    return s;
  });
  const [queryClient] = useState(() => createQueryClient({ retries: 0 }));
  const [location] = useState(() => memoryLocation({ path, record: true }));
  const [restoreFetch] = useState(() => installFetchMock(fixtures));
  useLayoutEffect(() => restoreFetch, [restoreFetch]);
  useLayoutEffect(() => {
    store.set(themePreferenceAtom, theme);
  }, [store, theme]);
  return (
    <Router hook={location.hook}>
      <Providers store={store} queryClient={queryClient}>
        <Story />
      </Providers>
    </Router>
  );
};

const preview: Preview = {
  decorators: [withApp],
  globalTypes: {
    theme: {
      description: 'Tema',
      toolbar: { title: 'Tema', icon: 'mirror', items: ['dark', 'light'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'dark' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};

export default preview;
