// @storybook/test-runner with Debian's Chromium: never download a browser.
import { readFileSync } from 'node:fs';
import { getJestConfig } from '@storybook/test-runner';

// Debian's Chromium and its flags, shared with the e2e harness and the screenshot script.
const chromium = JSON.parse(readFileSync(new URL('./scripts/chromium.json', import.meta.url), 'utf8'));

const base = getJestConfig();

export default {
  ...base,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    },
  },
  testTimeout: 60_000,
};
