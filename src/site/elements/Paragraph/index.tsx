import type { ElementProps } from '../../render/types';
import { InlineText } from '../../render/InlineText';
import { TEXT_ALIGN } from '../../ui/responsive';

export default function Paragraph({ text, alignment }: ElementProps<'paragraph'>) {
  return (
    <div className={`site-paragraph ${TEXT_ALIGN[alignment]}`}>
      <InlineText text={text} />
    </div>
  );
}
