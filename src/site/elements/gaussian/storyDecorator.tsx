import type { Decorator } from '@storybook/react-vite';
import { installStorySplats } from './storySplats';

/** Stories of the 3D elements: generated splat files served in the browser, and a page-width frame. */
export const withStorySplats: Decorator = (Story) => {
  installStorySplats();
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto', padding: 32 }}>
      <Story />
    </div>
  );
};
