import type { ComponentType, ReactNode } from 'react';
import type { ElementTag } from '../../shared/generated/schemas';
import type { ElementNodeValue, ElementPropsMap } from '../../shared/generated/types';
import type { ElementDefaults } from './elementMeta';

/** Slot props (arrays of element nodes) arrive rendered. */
type Slotted<P> = { [K in keyof P]: NonNullable<P[K]> extends ElementNodeValue[] ? ReactNode : P[K] };

/** What an element component receives: its schema's props with the defaults filled in and slots rendered. */
export type ElementProps<T extends ElementTag> = Slotted<ElementPropsMap[T]> &
  Required<Pick<Slotted<ElementPropsMap[T]>, Extract<keyof ElementDefaults<T>, keyof ElementPropsMap[T]>>>;

export type ElementComponent<T extends ElementTag> = ComponentType<ElementProps<T>>;

export type ElementRegistry = { [T in ElementTag]: ElementComponent<T> };
