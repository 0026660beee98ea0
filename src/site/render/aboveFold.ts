import { createContext, useContext } from 'react';

/**
 * True for elements near the top of the page: their images load eagerly with high priority. Its own
 * module so images (SiteImage) can read it without importing the renderer and, through it, every element.
 */
export const AboveFoldContext = createContext(false);
export const useAboveFold = (): boolean => useContext(AboveFoldContext);
