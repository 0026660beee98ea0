import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/3d-gaussian-replacement.schema.json';
import type { ElementProps } from '../../render/types';
import { installStorySplats } from '../gaussian/storySplats';
import GaussianReplacement from '.';

const example = schema.examples[0] as ElementProps<'3d.gaussianReplacement'>;

const meta = {
  title: 'Site/3D/Gaussian replacement',
  component: GaussianReplacement,
  decorators: [
    (Story) => {
      installStorySplats();
      return (
        <div style={{ maxWidth: 1100, margin: '0 auto', padding: 32 }}>
          <Story />
        </div>
      );
    },
  ],
  args: example,
} satisfies Meta<typeof GaussianReplacement>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The schema example: a meeting table offered in oak or walnut, in its room. */
export const Example: Story = {};
