import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory } from '../stories/AdminStory';
import ListPage from './ListPage';

const meta = {
  title: 'Admin/List page',
  component: AdminStory,
  args: { path: '/_/invoices', route: ':plural', children: <ListPage /> },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Invoices: relation, date, money and the coloured status, 32 rows over two pages. */
export const Invoices: Story = {};
export const InvoicesPage2: Story = { args: { path: '/_/invoices?p=1' } };
export const FilteredPaid: Story = { args: { path: '/_/invoices?f.status=%22paid%22' } };
export const Clients: Story = { args: { path: '/_/clients' } };
/** Contact requests have no add button. */
export const Empty: Story = { args: { path: '/_/contactRequests' } };
export const Loading: Story = { args: { path: '/_/clients', delayMs: 1_000_000 } };
