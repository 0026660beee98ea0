import type { Meta, StoryObj } from '@storybook/react-vite';
import { fileStoryData, fileStoryOptions } from '../files/stories/fixtures';
import { AdminStory } from '../stories/AdminStory';
import ImagePresetsPage from './ImagePresetsPage';

const files = fileStoryOptions();

const meta = {
  title: 'Admin/Image presets',
  component: AdminStory,
  args: { path: '/_/imagePresets', route: 'imagePresets', children: <ImagePresetsPage />, data: fileStoryData, files },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every preset rendered from the newest uploaded image. */
export const WithSample: Story = {};
/** Nothing uploaded yet: sizes only. */
export const NoImages: Story = { args: { data: {} } };
