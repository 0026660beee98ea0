// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blocksToInline, elementsToInline, htmlToInline, inlineToBlocks } from './inlineHtml';

describe('inline text and Editor.js blocks', () => {
  it('turns the inline format into paragraph and quote blocks', () => {
    expect(inlineToBlocks('Wir **begleiten** *KMU* ~~nie~~ `code`\nzweite [Zeile](https://x.ch)\n> Zitat')).toEqual([
      {
        type: 'paragraph',
        data: {
          text: 'Wir <b>begleiten</b> <i>KMU</i> <s>nie</s> <code class="inline-code">code</code><br>zweite <a href="https://x.ch">Zeile</a>',
        },
      },
      { type: 'quote', data: { text: 'Zitat' } },
    ]);
  });

  it('turns Editor.js HTML back into the inline format', () => {
    expect(htmlToInline('Ein <b>fetter&nbsp;</b>Text<br>mit <a href="/Leistungen">Link</a> &amp; <i>mehr</i>')).toBe(
      'Ein **fetter** Text\nmit [Link](/Leistungen) & *mehr*',
    );
    expect(htmlToInline('<s>alt</s> <code class="inline-code">x</code> <strong>b</strong>')).toBe('~~alt~~ `x` **b**');
  });

  it('round-trips text, keeping literal markers literal', () => {
    const samples = [
      'Wir **begleiten** *KMU*.\nMehr unter [Leistungen](/Leistungen).',
      '> Die Zusammenarbeit war ~~kompliziert~~ unkompliziert.',
      'Preis: 2 \\* 3 = 6, Pfad C:\\\\temp',
      'Absatz eins\n> Zitat eins\n> Zitat zwei\nAbsatz zwei',
    ];
    for (const text of samples) expect(blocksToInline(inlineToBlocks(text))).toBe(text);
  });

  it('drops empty blocks and keeps a leading > literal in a paragraph', () => {
    expect(
      blocksToInline([
        { type: 'paragraph', data: { text: '' } },
        { type: 'paragraph', data: { text: '&gt; kein Zitat' } },
      ]),
    ).toBe('\\> kein Zitat');
  });

  it('reads blocks from their elements as from their HTML, split text nodes included', () => {
    const html = 'Ein <b>fetter&nbsp;</b>Text<br>a~~b mit <a href="/x">Link</a> \\ *';
    const paragraph = document.createElement('div');
    paragraph.innerHTML = html;
    const quote = document.createElement('div');
    quote.append('Zi~', '~tat');
    const fromHtml = blocksToInline([
      { type: 'paragraph', data: { text: html } },
      { type: 'quote', data: { text: 'Zi~~tat' } },
    ]);
    expect(
      elementsToInline([
        { type: 'paragraph', element: paragraph },
        { type: 'quote', element: quote },
        { type: 'paragraph', element: null },
      ]),
    ).toBe(fromHtml);
    expect(fromHtml).toBe('Ein **fetter** Text\na\\~\\~b mit [Link](/x) \\\\ \\*\n> Zi\\~\\~tat');
  });
});
