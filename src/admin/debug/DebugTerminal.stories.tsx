import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DebugTerminal } from './DebugTerminal';
import type { DebugTerminalController } from './useDebugTerminal';

const terminal: DebugTerminalController = {
  enabled: true,
  open: true,
  show: fn(),
  setOpen: fn(),
  command: "return (await services.documents.find(SYSTEM, 'user', {})).results.length",
  setCommand: fn(),
  history: ["return (await services.documents.find(SYSTEM, 'user', {})).results.length", 'throw new Error("x")'],
  runs: [
    {
      key: 1,
      js: 'console.log("hallo"); return { ok: true }',
      running: false,
      reply: { buffer: 'hallo\n← { ok: true }', duration: 3 },
    },
    {
      key: 2,
      js: 'throw new Error("x")',
      running: false,
      reply: { buffer: '✖ Error: x', duration: 1, error: 'Error: x' },
    },
    { key: 3, js: '1 + 1', running: true },
  ],
  clear: fn(),
  run: fn(),
};

const meta = {
  title: 'Admin/Debug terminal',
  component: DebugTerminal,
  args: { terminal },
} satisfies Meta<typeof DebugTerminal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
