import type { Preview } from '@storybook/react-vite';
import '../src/admin/styles.css';
import '../src/site/styles/site.css';
import { withSite } from '../src/site/stories/SiteDecorator';

// The admin's Tailwind theme and Inter font for every story; each admin story brings its own in-memory data layer.
// Public site stories ("Site/...") also get the site's stylesheet and a site context (withSite).
const preview: Preview = {
  decorators: [withSite],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
  },
};
export default preview;
