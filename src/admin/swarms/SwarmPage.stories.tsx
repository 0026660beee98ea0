import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory, storyData } from '../stories/AdminStory';
import SwarmPage from './SwarmPage';

const SWARM = '66a1f0c2e4b0a1b2c3d4ec01';
const data = {
  ...storyData,
  config: [
    {
      _id: '66a1f0c2e4b0a1b2c3d4eb01',
      name: 'website',
      domain: 'www.rhein-consulting.ch',
      image: 'nginx:1.27',
      replicas: 2,
    },
    { _id: '66a1f0c2e4b0a1b2c3d4eb02', name: 'termine', domain: 'termine.rhein-consulting.ch', image: 'termine:2.4' },
  ],
  swarm: [
    {
      _id: SWARM,
      name: 'Produktion Basel',
      services: ['66a1f0c2e4b0a1b2c3d4eb01', '66a1f0c2e4b0a1b2c3d4eb02'],
      status: 'Deploy: 2 of 2 services deployed',
      _createdAt: '2026-01-05T08:00:00.000Z',
    },
  ],
};

const meta = {
  title: 'Admin/Swarm detail',
  component: AdminStory,
  args: { path: `/_/swarms/${SWARM}`, route: 'swarms/:id', children: <SwarmPage />, data },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The in-memory data layer has no Docker engine: the list says so and DEPLOY is off. */
export const NoEngine: Story = {};
