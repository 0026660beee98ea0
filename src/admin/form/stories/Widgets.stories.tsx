import type { Meta, StoryObj } from '@storybook/react-vite';
import { documents, exampleDocument, fieldSchema, valueSchema } from './fixtures';
import { FormPlayground } from './FormPlayground';

/** One story per widget, each on a field of a real schema. */
const meta = {
  title: 'Admin/Form/Widgets',
  component: FormPlayground,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FormPlayground>;
export default meta;
type Story = StoryObj<typeof meta>;

const invoice = exampleDocument('invoice');
const user = exampleDocument('user');

export const Text: Story = { args: { schema: fieldSchema('invoice', 'name'), formData: { name: invoice.name } } };
export const Textarea: Story = {
  args: { schema: fieldSchema('transaction', 'description'), formData: exampleDocument('transaction') },
};
export const NumberField: Story = {
  name: 'Number',
  args: { schema: fieldSchema('transaction', 'multiplier'), formData: { multiplier: 1.25 } },
};
export const Boolean: Story = { args: { schema: fieldSchema('pageDraft', 'noIndex'), formData: { noIndex: true } } };
export const EnumSelect: Story = {
  args: { schema: fieldSchema('trackedTime', 'multiplier'), formData: { multiplier: 1.5 } },
};
/** A stored value the enum no longer lists (a multiplier from before) stays shown and chosen. */
export const EnumSelectUnlisted: Story = {
  name: 'Enum select (value not in the list)',
  args: { schema: fieldSchema('trackedTime', 'multiplier'), formData: { multiplier: 3 } },
};
export const Date: Story = { args: { schema: fieldSchema('invoice', 'date'), formData: { date: '2024-03-28' } } };
export const DateTime: Story = {
  args: { schema: fieldSchema('trackedTime', 'start'), formData: { start: '2024-05-06T07:30:00.000Z' } },
};
export const Relation: Story = {
  args: { schema: fieldSchema('invoice', 'client'), formData: { client: documents.client[0]._id } },
};
export const RelationToDeleted: Story = {
  name: 'Relation (deleted client)',
  args: { schema: fieldSchema('invoice', 'client'), formData: { client: documents.client[3]._id } },
};
export const RelationToMissing: Story = {
  name: 'Relation (a client that no longer exists)',
  args: { schema: fieldSchema('invoice', 'client'), formData: { client: '66b2a0c1e4b0a1b2c3d4eeee' } },
};
export const RelationsToDeleted: Story = {
  name: 'Relations (a deleted project)',
  args: {
    schema: fieldSchema('user', 'projects'),
    formData: { projects: [documents.project[0]._id, documents.project[3]._id] },
  },
};
export const RelationsByName: Story = {
  name: 'Relations (user roles by name)',
  args: { schema: fieldSchema('user', 'roles'), formData: { roles: ['admin', 'staff'] } },
};
export const RelationsById: Story = {
  name: 'Relations (swarm services)',
  args: { schema: fieldSchema('swarm', 'services'), formData: exampleDocument('swarm') },
};
export const Money: Story = { args: { schema: fieldSchema('transaction', 'amount'), formData: { amount: 2047.5 } } };
export const ReadOnly: Story = {
  name: 'Read-only (computed total)',
  args: { schema: fieldSchema('invoice', 'total'), formData: { total: 2100 } },
};
export const ReadOnlyText: Story = {
  name: 'Read-only (multi-line message)',
  args: {
    schema: fieldSchema('contactRequest', 'data'),
    formData: {
      data: {
        firstName: 'Anna',
        email: 'anna@example.ch',
        message: 'Guten Tag\n\nwir möchten unsere Website erneuern.\nFreundliche Grüsse',
      },
    },
  },
};
/** A saved user: the server says whether a password is set (`_secretsSet`), never the password. */
export const Password: Story = {
  args: { schema: fieldSchema('user', 'password'), formData: { _id: user._id, _secretsSet: { password: true } } },
};
/** A user stored without a password (older data): nobody can log in as them until one is set. */
export const PasswordNotSet: Story = {
  name: 'Password (not set)',
  args: { schema: fieldSchema('user', 'password'), formData: { _id: user._id, _secretsSet: { password: false } } },
};
export const PasswordNewUser: Story = { args: { schema: fieldSchema('user', 'password'), formData: {} } };
export const Json: Story = {
  name: 'JSON editor',
  args: {
    schema: fieldSchema('formData', 'data'),
    formData: { data: { firstName: 'Anna', topics: ['Website', 'SEO'] } },
  },
};
export const JsonEditable: Story = {
  name: 'JSON editor (editable)',
  args: {
    schema: fieldSchema('pageDraft', 'elements'),
    formData: { elements: [{ tag: 'header', props: { text: 'Lassen Sie uns reden', level: 1 } }] },
  },
};
export const ArrayOfObjects: Story = {
  name: 'Array (invoice items)',
  args: { schema: fieldSchema('invoice', 'items'), formData: { items: invoice.items } },
};
export const ArrayEmpty: Story = {
  name: 'Array (empty)',
  args: { schema: fieldSchema('invoice', 'items'), formData: { items: [] } },
};
export const CssSize: Story = {
  name: 'CSS size',
  args: { schema: valueSchema('css-size', 'Gap'), formData: { value: { amount: 1.5, type: 'rem' } } },
};
export const Link: Story = {
  args: {
    schema: valueSchema('link', 'Link'),
    formData: { value: { label: 'Leistungen', type: 'PAGE', page: documents.page[0]._id, hash: 'strategie' } },
  },
};
export const Html: Story = {
  name: 'HTML',
  args: { schema: fieldSchema('mailTemplate', 'html'), formData: exampleDocument('mailTemplate') },
};
export const Color: Story = {
  args: { schema: valueSchema('color', 'Background colour'), formData: { value: '#1d4ed8' } },
};
export const Image: Story = {
  name: 'Image (file relation)',
  args: { schema: fieldSchema('user', 'avatar'), formData: { avatar: user.avatar as Record<string, unknown> } },
};
export const Time: Story = {
  args: {
    schema: valueSchema('opening-hours', 'Opening hours'),
    formData: { value: { dayOfWeek: ['Monday', 'Tuesday'], opens: '08:00', closes: '17:30' } },
  },
};
export const ObjectGroup: Story = {
  name: 'Object (address)',
  args: {
    schema: fieldSchema('client', 'address'),
    formData: {
      address: { street: 'Freie Strasse', streetNumber: '12', zip: '4001', city: 'Basel', country: 'Schweiz' },
    },
  },
};
export const ServerError: Story = {
  args: {
    schema: fieldSchema('invoice', 'name'),
    formData: { name: '' },
    errors: { name: 'must not be empty' },
  },
};
