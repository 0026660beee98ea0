import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory } from '../stories/AdminStory';
import FileDetailPage from './FileDetailPage';
import { FILES, fileStoryData, fileStoryOptions } from './stories/fixtures';

const files = fileStoryOptions();

const meta = {
  title: 'Admin/Files/File detail',
  component: AdminStory,
  args: { path: `/_/file/${FILES.team}`, route: 'file/:id', children: <FileDetailPage />, data: fileStoryData, files },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {};
export const Pdf: Story = { args: { path: `/_/file/${FILES.pdf}` } };
export const Text: Story = { args: { path: `/_/file/${FILES.txt}` } };
export const Video: Story = { args: { path: `/_/file/${FILES.video}` } };
export const Other: Story = { args: { path: `/_/file/${FILES.zip}` } };
export const Missing: Story = { args: { path: '/_/file/66b2a0c1e4b0a1b2c3d4ffff' } };
