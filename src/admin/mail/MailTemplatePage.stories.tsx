import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminStory, storyData } from '../stories/AdminStory';
import MailTemplatePage from './MailTemplatePage';

const TEMPLATE = '66a1f0c2e4b0a1b2c3d4ed01';
const data = {
  ...storyData,
  mailTemplate: [
    {
      _id: TEMPLATE,
      name: 'contactRequest',
      subject: 'Neue Kontaktanfrage: {{subject}}',
      text: 'Anfrage von {{name}} ({{email}})\n\n{{message}}',
      html: '<h1 style="font-family:sans-serif">Anfrage von {{name}}</h1><p style="font-family:sans-serif">{{message}}</p>',
    },
  ],
};

const meta = {
  title: 'Admin/Mail template detail',
  component: AdminStory,
  args: { path: `/_/mailTemplates/${TEMPLATE}`, route: 'mailTemplates/:id', children: <MailTemplatePage />, data },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The 'Vorschau' renders the HTML with the sample contact request. */
export const ContactRequest: Story = {};
