import { describe, expect, it } from 'vitest';
import { renderMail, renderPreview, renderSubjectPreview } from './render';

describe('mail templates', () => {
  it('fills variables, escaping them in HTML only, and runs no code', () => {
    const view = { firstName: '<b>Eva</b>', message: 'A & B', list: [{ item: 'x' }, { item: 'y' }] };
    const mail = renderMail(
      {
        subject: 'Anfrage von {{firstName}}\n',
        text: '{{firstName}}: {{message}} {{#list}}[{{item}}]{{/list}}',
        html: '<p>{{firstName}} {{{firstName}}} {{& message}} {{> partial}} {{constructor}}</p>',
      },
      view,
    );
    expect(mail.subject).toBe('Anfrage von <b>Eva</b> ');
    expect(mail.text).toBe('<b>Eva</b>: A & B [x][y]');
    expect(mail.html).toBe('<p>&lt;b&gt;Eva&lt;/b&gt; &lt;b&gt;Eva&lt;/b&gt; A &amp; B  </p>');
  });

  it('shows a template error in the preview instead of throwing', () => {
    expect(renderPreview('{{#open}}never closed', {})).toContain('Template error: Unclosed section');
  });

  it('previews the subject as the mail gets it: one line of plain text, or the template error', () => {
    expect(renderSubjectPreview('Neue Kontaktanfrage: {{subject}}', { subject: 'Offerte <Webshop>\nbitte' })).toBe(
      'Neue Kontaktanfrage: Offerte <Webshop> bitte',
    );
    expect(renderSubjectPreview('{{#open}}x', {})).toMatch(/^Template error: Unclosed section/);
  });
});
