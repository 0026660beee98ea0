import type { RegistryWidgetsType, Widget, WidgetProps } from '@rjsf/utils';
import { createElement } from 'react';
import { BooleanWidget } from './BooleanWidget';
import { CheckboxesWidget } from './CheckboxesWidget';
import { ColorWidget } from './ColorWidget';
import { CssSizeWidget } from './CssSizeWidget';
import { DateTimeWidget, DateWidget, TimeWidget } from './DateWidgets';
import { HiddenWidget } from './HiddenWidget';
import { IconWidget } from './IconWidget';
import { JsonWidget } from './JsonWidget';
import { LinkWidget } from './LinkWidget';
import { MoneyWidget } from './MoneyWidget';
import { RJSF_WIDGET_ALIASES, type FormWidget } from './names';
import { NumberWidget } from './NumberWidget';
import { PasswordWidget } from './PasswordWidget';
import { ReadOnlyWidget } from './ReadOnlyWidget';
import { RichTextWidget } from './RichTextWidget';
import { FilePickerWidget, ImagePickerWidget } from './FilePickerWidget';
import { FolderWidget, RelationsWidget, RelationWidget } from './RelationWidgets';
import { SelectWidget } from './SelectWidget';
import { HtmlWidget, TextareaWidget } from './TextareaWidget';
import { TextWidget } from './TextWidget';

/** Plain inputs show the formatted read-only display when the field is read-only; composite widgets handle it themselves. */
function orReadOnly(widget: Widget): Widget {
  function ReadOnlyAware(props: WidgetProps) {
    return createElement(props.readonly ? ReadOnlyWidget : widget, props);
  }
  ReadOnlyAware.displayName = `ReadOnlyAware(${widget.displayName ?? widget.name})`;
  return ReadOnlyAware;
}

/** Widget name -> widget. Typed against FORM_WIDGETS: adding a name without a widget fails to compile. */
export const formWidgets = {
  text: orReadOnly(TextWidget),
  textarea: orReadOnly(TextareaWidget),
  password: PasswordWidget,
  json: JsonWidget,
  html: orReadOnly(HtmlWidget),
  richtext: RichTextWidget,
  color: orReadOnly(ColorWidget),
  date: orReadOnly(DateWidget),
  datetime: orReadOnly(DateTimeWidget),
  time: orReadOnly(TimeWidget),
  image: ImagePickerWidget,
  file: FilePickerWidget,
  folder: FolderWidget,
  cssSize: CssSizeWidget,
  link: LinkWidget,
  icon: orReadOnly(IconWidget),
  hidden: HiddenWidget,
  number: orReadOnly(NumberWidget),
  boolean: orReadOnly(BooleanWidget),
  select: orReadOnly(SelectWidget),
  checkboxes: CheckboxesWidget,
  relation: RelationWidget,
  relations: RelationsWidget,
  money: orReadOnly(MoneyWidget),
  readOnly: ReadOnlyWidget,
} satisfies Record<FormWidget, Widget>;

/** What rjsf receives: our widgets under our names and under rjsf's default names. */
export const themeWidgets: RegistryWidgetsType = {
  ...formWidgets,
  ...Object.fromEntries(Object.entries(RJSF_WIDGET_ALIASES).map(([alias, name]) => [alias, formWidgets[name]])),
};
