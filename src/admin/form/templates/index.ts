import type { TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import {
  AddButton,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  RemoveButton,
  SubmitButton,
  TitleFieldTemplate,
} from './small';

export const themeTemplates = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton, AddButton, RemoveButton },
} satisfies Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
};
