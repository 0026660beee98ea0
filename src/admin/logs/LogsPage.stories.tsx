import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory } from '../stories/AdminStory';
import LogsPage from './LogsPage';
import { driveFrames } from './storyFrames';

/** Three sessions of two cars: a long drive with GPS, a short one, one without positions. */
export const logging = [
  ...driveFrames('WVWZZZAUZKW123456', '2026-05-12T14:02:00.000Z', 600),
  ...driveFrames('WVWZZZAUZKW123456', '2026-05-14T08:30:00.000Z', 90),
  ...driveFrames('WAUZZZ8V5KA654321', '2026-05-15T17:45:10.000Z', 120, 20, false),
];

const meta = {
  title: 'Admin/Logs',
  component: AdminStory,
  args: { path: '/_/logs', route: 'logs', children: <LogsPage />, logging },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sessions, newest first. */
export const Sessions: Story = {};
/** One session opened: chart with the default channels, GPS track, CSV export. */
export const Session: Story = { args: { path: '/_/logs?session=WVWZZZAUZKW123456~2026-05-12T14:02:00.000Z' } };
/** A session without GPS positions. */
export const WithoutTrack: Story = { args: { path: '/_/logs?session=WAUZZZ8V5KA654321~2026-05-15T17:45:10.000Z' } };
/** 100,000 frames (83 minutes at 20 Hz): zooming and toggling stay fluid. */
export const HundredThousandFrames: Story = {
  args: {
    path: '/_/logs?session=WVWZZZAUZKW999999~2026-05-16T06:00:00.000Z',
    logging: driveFrames('WVWZZZAUZKW999999', '2026-05-16T06:00:00.000Z', 5000),
  },
};
/** No logging sessions yet. */
export const Empty: Story = { args: { logging: [] } };
