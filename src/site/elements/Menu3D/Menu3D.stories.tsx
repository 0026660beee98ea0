import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/menu-3d.schema.json';
import { ElementPreview } from '../../stories/ElementPreview';

// Stories are fixtures: the args are the schema's examples, rendered the way a page renders them.
const meta = {
  title: 'Site/Elements/Menu3D',
  args: schema.examples[0],
  render: (args) => <ElementPreview tag="menu.3d" props={args} />,
} satisfies Meta<Record<string, unknown>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Example: Story = {};
