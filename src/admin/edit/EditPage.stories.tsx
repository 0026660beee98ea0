import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory } from '../stories/AdminStory';
import EditPage from './EditPage';

const meta = {
  title: 'Admin/Edit page',
  component: AdminStory,
  args: { path: '/_/invoices/66a1f0c2e4b0a1b2c3d4a000', route: ':plural/:id', children: <EditPage /> },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Invoice: Story = {};
export const NewClient: Story = { args: { path: '/_/clients/new' } };
/** A mail template: the HTML gets the sandboxed 'Vorschau' next to the form. */
export const MailTemplate: Story = { args: { path: '/_/mailTemplates/66a1f0c2e4b0a1b2c3d4b001' } };
/** Without `manage:payment` the form is read-only and has no SAVE. */
export const ReadOnly: Story = { args: { permissions: ['manage:cms'] } };
