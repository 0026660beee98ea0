import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TextAssistant } from './TextAssistant';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta = {
  title: 'Admin/Widgets/AI text assistant',
  component: TextAssistant,
  args: {
    fieldLabel: 'Description',
    text: 'Wir begleiten kleine und mittlere Unternehmen in der Region Basel bei Strategie und Digitalisierung, so gut wir können.',
    onAccept: fn(),
    async rewrite(text: string) {
      await wait(400);
      return text
        .replace('kleine und mittlere Unternehmen', 'KMU')
        .replace(', so gut wir können.', ' – kompetent und persönlich.');
    },
  },
  decorators: [(Story) => <div className="max-w-2xl p-6">{Story()}</div>],
} satisfies Meta<typeof TextAssistant>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open it, choose a prompt and Propose: the differences are marked; Accept calls onAccept. */
export const Default: Story = {};
export const EndpointFails: Story = {
  args: {
    async rewrite() {
      await wait(300);
      throw new Error('The AI endpoint failed: 503 The engine is currently overloaded');
    },
  },
};
