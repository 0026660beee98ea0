import type { Decorator } from '@storybook/react-vite';
import { SiteContext } from '../context';
import { storySite, type SubmissionOutcome } from './siteFixture';

/**
 * Site stories (titles under "Site/") get the demo site context, and the root font size the site is
 * designed for (the admin's stylesheet, loaded in the same preview, sets 14 px).
 * `parameters.submission: 'failure'` makes public submissions fail.
 */
export const withSite: Decorator = (Story, context) => {
  const isSite = context.title.startsWith('Site/');
  document.documentElement.style.fontSize = isSite ? '16px' : '';
  if (!isSite) return <Story />;
  const { site } = storySite({
    outcome: (context.parameters.submission as SubmissionOutcome | undefined) ?? 'success',
  });
  return (
    <SiteContext.Provider value={site}>
      <div className="bg-page font-sans text-ink">
        <Story />
      </div>
    </SiteContext.Provider>
  );
};
