import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory } from '../stories/AdminStory';
import FilesPage from './FilesPage';
import { fileStoryData, fileStoryOptions, FOLDERS } from './stories/fixtures';

const files = fileStoryOptions();

const meta = {
  title: 'Admin/Files/File browser',
  component: AdminStory,
  args: { path: '/_/files', route: 'files/*', children: <FilesPage />, data: fileStoryData, files },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The root: folders first, then a photo, a PDF, a text file, a video and an archive. */
export const Root: Story = {};
/** 64 photos: the first 50 load, the rest when scrolled near the end. */
export const ManyPhotos: Story = { args: { path: `/_/files/${FOLDERS.bilder}` } };
export const EmptyFolder: Story = { args: { path: `/_/files/${FOLDERS.videos}` } };
/** An editor (no admin role): the permission fields are not offered. */
export const AsEditor: Story = {
  args: { user: { _id: '66a1f0c2e4b0a1b2c3d4e5f7', login: 'editor', roles: ['editor'] } },
};
export const Loading: Story = { args: { delayMs: 1_000_000 } };
