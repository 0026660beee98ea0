import {
  TEMPLATES_WITH_KNOWN_VARIABLES,
  TEMPLATE_TEXT_FIELDS,
  unknownPlaceholders,
} from '../../../shared/mail/placeholders';
import { templateError } from '../../../shared/mail/render';
import { describeErrors } from '../../../shared/validation/createAjv';
import { badRequest, conflict } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

/**
 * Every template must be one Mustache can read. A template the server fills itself (the contact request's) may
 * use only the variables it provides: an unknown `{{unbekannt}}` would be sent as nothing, unnoticed. Templates
 * of other names are sent with data the sender chooses, so only the editor warns about them.
 */
/** Why a template the server sends by its name must keep it: renamed or deleted, its mails fail in the queue. */
const SENT_BY_NAME = 'the server sends it for each new contact request and finds it by this name';

export const mailTemplateHooks: ModelHooks = {
  async beforeWrite({ doc, existing }) {
    const name = existing?.name;
    if (typeof name === 'string' && TEMPLATES_WITH_KNOWN_VARIABLES.includes(name) && doc.name !== name) {
      const message = `must stay ${name}: ${SENT_BY_NAME}`;
      throw conflict(`name ${message}`, { fields: [{ field: 'name', message }] });
    }
    // A template Mustache cannot read fails every mail sent with it, in the queue where nobody looks.
    const broken = TEMPLATE_TEXT_FIELDS.flatMap((field) => {
      const error = typeof doc[field] === 'string' ? templateError(doc[field]) : undefined;
      return error ? [{ field, message: `is not a valid template: ${error}` }] : [];
    });
    if (broken.length > 0) throw badRequest(describeErrors(broken), { fields: broken });
    if (!TEMPLATES_WITH_KNOWN_VARIABLES.includes(String(doc.name))) return;
    const unknown = unknownPlaceholders(doc);
    if (unknown.length === 0) return;
    const names = unknown.map((name) => `{{${name}}}`).join(', ');
    const message = `uses ${unknown.length === 1 ? 'a variable' : 'variables'} this mail does not provide: ${names}`;
    const fields = TEMPLATE_TEXT_FIELDS.filter((field) => unknownPlaceholders({ [field]: doc[field] }).length > 0).map(
      (field) => ({ field, message }),
    );
    throw badRequest(`${fields.map(({ field }) => field).join(', ')} ${message}`, { fields });
  },
  async beforeDelete({ doc }) {
    if (TEMPLATES_WITH_KNOWN_VARIABLES.includes(String(doc.name)))
      throw conflict(`You cannot delete ${String(doc.name)}: ${SENT_BY_NAME} (change its text instead)`);
  },
};
