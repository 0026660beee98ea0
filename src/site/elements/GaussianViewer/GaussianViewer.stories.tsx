import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/3d-gaussian-viewer.schema.json';
import type { ElementProps } from '../../render/types';
import { withStorySplats } from '../gaussian/storyDecorator';
import GaussianViewer from '.';

const example = schema.examples[0] as ElementProps<'3d.gaussianViewer'>;

const meta = {
  title: 'Site/3D/Gaussian viewer',
  component: GaussianViewer,
  decorators: [withStorySplats],
  args: example,
} satisfies Meta<typeof GaussianViewer>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The schema example: a scene with its environment, seen from a standing height. */
export const Example: Story = {};

/** No file chosen yet: the placeholder says so instead of an empty box. */
export const WithoutFile: Story = { args: { file: undefined, environment: undefined } };
