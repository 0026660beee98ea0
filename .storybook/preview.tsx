import type { Preview } from '@storybook/react-vite';
import '../src/admin/styles.css';

// The admin's Tailwind theme and Inter font for every story; each admin story brings its own in-memory data layer.
const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};
export default preview;
