import type { ElementProps } from '../../render/types';
import { PhoneFrame } from './PhoneFrame';

export default function Phone({ image, iframe }: ElementProps<'phone'>) {
  return <PhoneFrame image={image} iframe={iframe} title={image?.alt || 'Vorschau auf dem Smartphone'} />;
}
