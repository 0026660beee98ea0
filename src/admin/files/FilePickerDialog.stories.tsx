import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { AdminStory } from '../stories/AdminStory';
import { FilePickerDialog } from './FilePickerDialog';
import { fileStoryData, fileStoryOptions, FOLDERS } from './stories/fixtures';

const files = fileStoryOptions();

function Picker({ images }: { images: boolean }) {
  const [open, setOpen] = useState(true);
  const [picked, setPicked] = useState<string>();
  return (
    <div className="p-6 text-[13px]">
      <button type="button" className="underline" onClick={() => setOpen(true)}>
        Open picker
      </button>
      <p className="mt-2 text-zinc-600">Picked: {picked ?? 'nothing'}</p>
      <FilePickerDialog
        open={open}
        images={images}
        start={FOLDERS.bilder}
        onClose={() => setOpen(false)}
        onPick={(item) => setPicked(item.name)}
      />
    </div>
  );
}

const meta = {
  title: 'Admin/Files/File picker',
  component: AdminStory,
  args: { path: '/_/picker', route: 'picker', children: <Picker images />, data: fileStoryData, files },
} satisfies Meta<typeof AdminStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The image widget's picker: the file browser with a selection handler, opened in website/Bilder. */
export const ImagePicker: Story = {};
export const AnyFile: Story = { args: { children: <Picker images={false} /> } };
