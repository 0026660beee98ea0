import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressButton } from './ProgressButton';
import { DeleteDialog } from './DeleteDialog';

const meta = {
  title: 'Admin/Progress button',
  component: ProgressButton,
  args: { onClick: () => {}, children: 'SAVE', state: { phase: 'idle' } },
} satisfies Meta<typeof ProgressButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Loading: Story = { args: { state: { phase: 'loading' } } };
export const Success: Story = { args: { state: { phase: 'success' } } };
export const Error: Story = {
  args: { state: { phase: 'error', message: 'Name must not be empty' } },
};
/** The delete confirmation: its button fills over 2 s before it can be used. */
export const DeleteConfirmation: Story = {
  render: () => <DeleteDialog pending={{ title: 'Rheinblick Immobilien AG', confirm: () => {} }} onClose={() => {}} />,
};
/** A delete the server refused: the dialog stays open and says why. */
export const DeleteRefused: Story = {
  render: () => (
    <DeleteDialog
      pending={{
        title: 'kasse',
        confirm: () => {},
        refusal: 'Role kasse cannot be deleted while 2 Users (karl, kira) refer to it by its Name: change them first',
      }}
      onClose={() => {}}
    />
  ),
};
