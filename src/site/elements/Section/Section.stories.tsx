import type { Meta, StoryObj } from '@storybook/react-vite';
import schema from '../../../../schemas/elements/section.schema.json';
import { ElementPreview } from '../../stories/ElementPreview';

// Stories are fixtures: the args are the schema's examples, rendered the way a page renders them.
const meta = {
  title: 'Site/Elements/Section',
  args: schema.examples[0],
  render: (args) => <ElementPreview tag="section" props={args} />,
} satisfies Meta<Record<string, unknown>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Example: Story = {};

export const FullWidth: Story = { args: { ...schema.examples[0], fullWidth: true, variation: 'default' } };
