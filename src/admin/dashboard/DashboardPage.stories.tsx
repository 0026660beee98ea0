import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MemoryReportOptions } from '../core/data/memoryReports';
import { AdminStory, storyData } from '../stories/AdminStory';
import { lastDays } from '../timetracking/days';
import DashboardPage from './DashboardPage';

const year = new Date().getFullYear();
const days = lastDays(Date.now(), 7);

/** Report answers as the server gives them (hand-made figures of a small consultancy). */
export const reports: MemoryReportOptions = {
  payment: {
    revenue: { income: 184_250.5, expenses: 41_880.2, tax: 23_400 },
    ownRevenue: { revenue: 142_370.3, payout: 96_000, tax: 23_400 },
    lastYear: Array.from({ length: 12 }, (_, i) => ({
      month: `${year}-${String(i + 1).padStart(2, '0')}`,
      income: [12_400, 15_800, 9_900, 18_200, 21_000, 14_350, 8_000, 16_700, 19_900, 22_400, 17_300, 8_300][i],
      expenses: [3_100, 2_900, 4_400, 3_000, 5_200, 2_750, 3_900, 2_600, 4_100, 3_300, 3_530, 3_000][i],
    })),
    getDailyTrackedTime: [
      { day: days[1], duration: 6.5, client: 'Rheinblick Immobilien AG', clientId: 'a' },
      { day: days[2], duration: 4.25, client: 'Atelier Spalenberg', clientId: 'b' },
      { day: days[2], duration: 3, client: 'Rheinblick Immobilien AG', clientId: 'a' },
      { day: days[3], duration: 8, client: 'Velo Basel AG', clientId: 'c' },
      { day: days[5], duration: 5.75, client: 'Rheinblick Immobilien AG', clientId: 'a' },
      { day: days[6], duration: 2.5, client: 'Atelier Spalenberg', clientId: 'b' },
    ],
  },
  redirectStats: [
    {
      redirect: { _id: '6b0577969e63545fde022e61', name: 'Alte Kontaktseite', from: '/kontakt-alt', to: '/Termin' },
      count: 412,
    },
    {
      redirect: { _id: '6b0577969e63545fde022e62', name: 'Angebot 2024', from: '/angebot-2024', to: '/angebot' },
      count: 97,
    },
    { redirect: { _id: '6b0577969e63545fde022e63', name: 'Blog', from: '/blog', to: '/news' }, count: 23 },
  ],
};

/** The story documents with a site configuration that charges VAT (open invoices then sum what clients owe). */
export const data = {
  ...storyData,
  siteConfig: [
    {
      _id: '66a1f0c2e4b0a1b2c3d4c001',
      title: 'Baukasten Beratung',
      billing: { vatNumber: 'CHE-123.456.789 MWST', vatRate: 8.1 },
    },
  ],
};

const meta = {
  title: 'Admin/Dashboard',
  component: AdminStory,
  args: { path: '/_', route: '', children: <DashboardPage />, reports, data },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Everything: an admin sees every widget. */
export const Admin: Story = {};
/** An accountant (manage:payment) sees the money widgets, not the redirects. */
export const Accountant: Story = { args: { permissions: ['manage:payment'] } };
/** Staff (manage:cms) see only the redirect statistics. */
export const Staff: Story = { args: { permissions: ['manage:cms', 'manage:files'] } };
/** Every report fails: the widgets fall back silently to zero and empty data. */
export const ReportsFail: Story = { args: { reports: {} } };
