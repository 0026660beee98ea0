import {
  ELEMENT_FORMAT,
  ELEMENT_FORMAT_FIELD,
  elementFormatOf,
  upgradeElementDocument,
} from '../../../shared/site/elementFormat';
import { badRequest, conflict } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

/**
 * Pages, page drafts and layouts carry the version of their element format (src/shared/site/elementFormat.ts).
 * Read: a document of an older format is answered upgraded (the row changes at its next save); one of a
 * newer format is answered as stored and logged. Save: the elements are upgraded before validation from
 * the format they are in, and the document is stamped with the current format; a document stored in a
 * newer format is never overwritten (409), and a newer format sent by a client is refused (400).
 *
 * The format of the saved elements: the `_elementFormat` the caller sent with them (the admin sends back
 * what it read), the current format when it sent elements without one (the API's writers write the
 * current format), and the stored format when it sent no elements (they are kept as stored).
 */
const invalid = (message: string) =>
  badRequest(`${ELEMENT_FORMAT_FIELD}: ${message}`, { fields: [{ field: ELEMENT_FORMAT_FIELD, message }] });

export const elementFormatHooks: Pick<ModelHooks, 'afterRead' | 'beforeValidate'> = {
  afterRead({ model, doc, log }) {
    const format = elementFormatOf(doc);
    if (format <= ELEMENT_FORMAT) return upgradeElementDocument(doc, format);
    log.warn(
      { model: model.name, id: doc._id, elementFormat: format, known: ELEMENT_FORMAT },
      'document of a newer element format served as stored',
    );
    return doc;
  },

  beforeValidate({ model, input, doc, existing }) {
    const stored = existing ? elementFormatOf(existing) : ELEMENT_FORMAT;
    if (stored > ELEMENT_FORMAT)
      throw conflict(
        `${model.label} ${String(existing?._id)} is stored in element format ${stored}, this server knows formats up to ${ELEMENT_FORMAT}: it was written by a newer Baukasten and is not overwritten`,
      );
    const sent = input[ELEMENT_FORMAT_FIELD];
    if (sent !== undefined && sent !== null && !(Number.isInteger(sent) && (sent as number) >= 0))
      throw invalid('must be a whole number of at least 0');
    if (typeof sent === 'number' && sent > ELEMENT_FORMAT)
      throw invalid(
        `is ${sent}, this server knows element formats up to ${ELEMENT_FORMAT}: the elements come from a newer Baukasten`,
      );
    const from = !Object.hasOwn(input, 'elements') ? stored : typeof sent === 'number' ? sent : ELEMENT_FORMAT;
    const upgraded = upgradeElementDocument(doc, from);
    if (upgraded.elements !== undefined) doc.elements = upgraded.elements;
    doc[ELEMENT_FORMAT_FIELD] = ELEMENT_FORMAT;
  },
};
