import { describe, expect, it } from 'vitest';
import { withDefaults } from './config';
import { monogramIcon, siteIcon } from './favicon';

const ID = '66a1f0c2e4b0a1b2c3d4e802';
const svgOf = (href: string) => decodeURIComponent(href.replace(/^data:image\/svg\+xml,/, ''));

describe('siteIcon', () => {
  it('links a configured favicon preset as PNG, any other configured URL as it is', () => {
    const preset = `/api/files/imagePreset?id=${ID}&preset=favicon`;
    expect(siteIcon(withDefaults({ title: 'A', favicon: preset }))).toEqual({ href: preset, type: 'image/png' });
    expect(siteIcon(withDefaults({ title: 'A', favicon: ID }))).toEqual({
      href: `/api/files/p/${ID}/favicon`,
      type: 'image/png',
    });
    expect(siteIcon(withDefaults({ title: 'A', favicon: 'https://cdn.example.ch/icon.ico' }))).toEqual({
      href: 'https://cdn.example.ch/icon.ico',
    });
  });

  it("without one, draws the site's initial on its primary colour, inside the page (no request)", () => {
    const icon = siteIcon(withDefaults({ title: '%s | rhein Consulting', colors: { primary: '#0f766e' } as never }));
    expect(icon.type).toBe('image/svg+xml');
    expect(icon.href).toMatch(/^data:image\/svg\+xml,/);
    const svg = svgOf(icon.href);
    expect(svg).toContain("fill='#0f766e'");
    expect(svg).toMatch(/>R<\/text><\/svg>$/);
  });

  it('takes the business name when the title is empty, and draws no letter when there is no name', () => {
    expect(svgOf(monogramIcon(withDefaults({ title: '', localBusiness: { name: 'Ölmühle AG' } } as never)))).toMatch(
      />Ö<\/text>/,
    );
    const blank = svgOf(monogramIcon(withDefaults({ title: ' %s ' })));
    expect(blank).not.toContain('<text');
    expect(blank).toContain("fill='#1d4ed8'");
  });

  it('keeps what a configuration could smuggle in out of the SVG', () => {
    const svg = svgOf(monogramIcon(withDefaults({ title: '<b>&', colors: { primary: '"/><script>' } as never })));
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b');
    expect(svg).toContain("fill='#1d4ed8'");
  });
});
