let region: HTMLElement | undefined;

/**
 * Says `text` to a screen reader through one live region the site's code adds (the page as sent has
 * none, keeping its bytes). After a link to another page the new page's title is said, as a page load
 * would have it read: the focus on the page's content alone names nothing.
 */
export function announce(text: string): void {
  if (!region?.isConnected) {
    region = document.createElement('p');
    region.className = 'sr-only';
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('aria-atomic', 'true');
    region.dataset.announcer = '';
    document.body.append(region);
  }
  // Emptied first, so the same title twice (back to a page just left) is said again.
  const live = region;
  live.textContent = '';
  requestAnimationFrame(() => {
    live.textContent = text;
  });
}
