import { hydrateRoot } from 'react-dom/client';
import { startSmoothScroll } from '../scroll/smoothScroll';
import { SITE_DATA_ID, SITE_ROOT_ID, type SiteBootData } from '../../shared/site/view';
import { ClientApp } from './ClientApp';
import './site.css';

/** The public site in the browser: hydrates what the server rendered, then navigates client-side. */
const root = document.getElementById(SITE_ROOT_ID);
const data = document.getElementById(SITE_DATA_ID)?.textContent;
if (root && data) {
  const boot = JSON.parse(data) as SiteBootData;
  hydrateRoot(root, <ClientApp boot={boot} />, {
    onRecoverableError: (error) => console.warn('Hydration', error),
  });
  void startSmoothScroll();
}
