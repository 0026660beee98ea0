import type { SiteContextValue } from '../context';

/** Pages that PAGE links of the element examples point to. */
export const STORY_PAGE_PATHS: Record<string, string> = {
  '66a1f0c2e4b0a1b2c3d4e611': '/Leistungen',
  '66a1f0c2e4b0a1b2c3d4e612': '/Referenzen/Rheinblick',
};

export type SubmissionOutcome = 'success' | 'failure';

/**
 * A site context for stories and tests: the demo business, the example pages, and public submissions
 * that succeed or fail after `delayMs`. Each call is recorded in `calls`.
 */
export function storySite(options: { outcome?: SubmissionOutcome; delayMs?: number } = {}) {
  const { outcome = 'success', delayMs = 600 } = options;
  const calls: Array<{ endpoint: 'submitForm' | 'contact' | 'event'; body: unknown }> = [];
  const answer = async (endpoint: 'submitForm' | 'contact' | 'event', body: unknown) => {
    calls.push({ endpoint, body });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (outcome === 'failure') throw new Error('Service unavailable');
  };
  const site: SiteContextValue = {
    config: {
      title: 'Baukasten Beratung',
      locale: 'de',
      colors: { background: '#ffffff', primary: '#1d4ed8', secondary: '#64748b', text: '#374151' },
    },
    page: { _id: '66a1f0c2e4b0a1b2c3d4e600', path: '/', title: 'Start', language: 'de' },
    pagePaths: STORY_PAGE_PATHS,
    api: {
      submitForm: (name, data) => answer('submitForm', { name, data }),
      contact: (body) => answer('contact', body),
      event: (data) => answer('event', data),
    },
  };
  return { site, calls };
}
