import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/3d-gaussian-hotspots.schema.json';
import type { ElementProps } from '../../render/types';
import { withStorySplats } from '../gaussian/storyDecorator';
import GaussianHotspots from '.';

const example = schema.examples[0] as ElementProps<'3d.gaussianHotspots'>;

const meta = {
  title: 'Site/3D/Gaussian hotspots',
  component: GaussianHotspots,
  decorators: [withStorySplats],
  args: example,
} satisfies Meta<typeof GaussianHotspots>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The schema example: a guided tour with two hotspots (reception, meeting room). */
export const Example: Story = {};

/** Without hotspots it is a plain viewer. */
export const NoHotspots: Story = { args: { hotspots: [] } };
