import { describe, expect, it } from 'vitest';
import { templatePlaceholders, unknownPlaceholders } from './placeholders';

describe('mail template placeholders', () => {
  it('lists every variable a text uses, in sections and raw forms too, once each', () => {
    expect(
      templatePlaceholders(
        'Hallo {{ firstName }} {{{name}}} {{&email}} {{#phone}}Tel. {{phone}}{{/phone}}{{^city}}-{{/city}} {{a.b}} {{! note}}',
      ),
    ).toEqual(['firstName', 'name', 'email', 'phone', 'city', 'a']);
  });

  it('gives none for a text Mustache cannot parse', () => {
    expect(templatePlaceholders('{{#open}} never closed')).toEqual([]);
  });

  it('names the placeholders of subject, text and HTML that no mail provides', () => {
    expect(
      unknownPlaceholders({
        subject: 'Anfrage {{id}}',
        text: '{{unbekannt}} {{name}}',
        html: '<p>{{vorname}}{{unbekannt}}</p>',
      }),
    ).toEqual(['unbekannt', 'vorname']);
    expect(unknownPlaceholders({ subject: '{{subject}}', text: undefined })).toEqual([]);
  });
});
