import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/3d-gaussian-replacement.schema.json';
import type { ElementProps } from '../../render/types';
import { withStorySplats } from '../gaussian/storyDecorator';
import GaussianReplacement from '.';

const example = schema.examples[0] as ElementProps<'3d.gaussianReplacement'>;

const meta = {
  title: 'Site/3D/Gaussian replacement',
  component: GaussianReplacement,
  decorators: [withStorySplats],
  args: example,
} satisfies Meta<typeof GaussianReplacement>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The schema example: a meeting table offered in oak or walnut, in its room. */
export const Example: Story = {};
