import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/special-configurator.schema.json';
import { ElementPreview } from '../../stories/ElementPreview';

// Stories are fixtures: the args are the schema's examples, rendered the way a page renders them.
const meta = {
  title: 'Site/Elements/Configurator',
  args: schema.examples[0],
  render: (args) => <ElementPreview tag="special.configurator" props={args} />,
} satisfies Meta<Record<string, unknown>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Example: Story = {};
