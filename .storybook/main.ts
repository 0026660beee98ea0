import type { StorybookConfig } from '@storybook/react-vite';

// Stories sit next to their components: page elements in src/site/elements, admin widgets in src/admin.
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};
export default config;
