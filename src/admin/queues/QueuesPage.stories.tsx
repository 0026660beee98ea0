import type { Meta, StoryObj } from '@storybook/react-vite';
import { fileStoryOptions } from '../files/stories/fixtures';
import { AdminStory } from '../stories/AdminStory';
import QueuesPage from './QueuesPage';

const files = fileStoryOptions();

const meta = {
  title: 'Admin/Queues',
  component: AdminStory,
  args: { path: '/_/queues', route: 'queues', children: <QueuesPage />, files },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Preset jobs in every state; hover the retry or failed state for the error. */
export const ImagePresets: Story = {};
export const OtherQueue: Story = { args: { path: '/_/queues?queue=mail' } };
export const NoQueues: Story = { args: { files: {} } };
