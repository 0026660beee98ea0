import type { Meta, StoryObj } from '@storybook/react-vite';
import { exampleDocument, registry } from './fixtures';
import { FormPlayground } from './FormPlayground';

/** Whole edit forms of real models, as the generic edit page renders them. */
const meta = {
  title: 'Admin/Form/SchemaForm',
  component: FormPlayground,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FormPlayground>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Invoice: Story = {
  args: { schema: registry.models.invoice.schema, formData: exampleDocument('invoice') },
};
export const NewInvoice: Story = { args: { schema: registry.models.invoice.schema, formData: {} } };
export const InvoiceWithServerErrors: Story = {
  args: {
    schema: registry.models.invoice.schema,
    formData: { ...exampleDocument('invoice'), name: '' },
    errors: {
      name: 'must not be empty',
      'items.1.price': 'must be a number',
      '': 'The document was changed in the meantime',
    },
  },
};
export const User: Story = { args: { schema: registry.models.user.schema, formData: exampleDocument('user') } };
export const MailTemplate: Story = {
  args: { schema: registry.models.mailTemplate.schema, formData: exampleDocument('mailTemplate') },
};
export const Transaction: Story = {
  args: { schema: registry.models.transaction.schema, formData: exampleDocument('transaction') },
};
export const TrackedTime: Story = {
  args: { schema: registry.models.trackedTime.schema, formData: exampleDocument('trackedTime') },
};
export const Client: Story = { args: { schema: registry.models.client.schema, formData: exampleDocument('client') } };
export const Disabled: Story = {
  args: { schema: registry.models.invoice.schema, formData: exampleDocument('invoice'), disabled: true },
};
