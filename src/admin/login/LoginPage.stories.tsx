import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LoginPage } from './LoginPage';

const controller = (overrides: Partial<Parameters<typeof LoginPage>[0]['controller']> = {}) => ({
  username: '',
  setUsername: fn(),
  password: '',
  setPassword: fn(),
  error: null,
  notice: null,
  busy: false,
  submit: fn(),
  reset: fn(),
  ...overrides,
});

const meta = { title: 'Admin/Login', component: LoginPage, args: { controller: controller() } } satisfies Meta<
  typeof LoginPage
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const PasswordChanged: Story = {
  args: { controller: controller({ notice: 'Your password was changed. Please sign in with the new one.' }) },
};
export const Failed: Story = {
  args: { controller: controller({ username: 'admin', password: 'wrong', error: 'Invalid username or password' }) },
};
