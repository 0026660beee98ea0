import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../shared/registry';
import { schemaSet } from '../../shared/generated/schemas';
import { canAccess } from '../core/access';
import { screenAccess } from './screenAccess';
import { SCREENS } from './screens';

const registry = createRegistry(schemaSet);
/** The registry of a caller whose schemas lack every model (the admin builds it from what the server answers). */
const bare = { model: () => undefined };

describe('screenAccess', () => {
  it("asks for the screen's own permission first", () => {
    expect(screenAccess(SCREENS.queues, registry)).toBe('manage:backend');
    expect(screenAccess(SCREENS.elements, bare)).toBe('manage:cms');
  });

  it("asks for what the shown model's navigation link asks for (spec section 6)", () => {
    expect(screenAccess(SCREENS.pageDrafts, registry)).toBe('manage:cms');
    expect(screenAccess(SCREENS.pageDraft, registry)).toBe('manage:cms');
    expect(screenAccess(SCREENS.layout, registry)).toBe('manage:cms');
    // Files are readable by anyone (the public site shows them), but managed with manage:files.
    expect(screenAccess(SCREENS.files, registry)).toBe('manage:files');
    expect(screenAccess(SCREENS.file, registry)).toBe('manage:files');
    expect(screenAccess(SCREENS.swarm, registry)).toBe('manage:backend');
    expect(screenAccess(SCREENS.mailTemplate, registry)).toBe('manage:cms');
  });

  it('leaves time tracking to its own screen, which names the permission a caller lacks', () => {
    expect(screenAccess(SCREENS.timetracking, registry)).toBe('authenticated');
  });

  it('closes a screen whose model the caller does not see, and opens one without either to any login', () => {
    expect(screenAccess(SCREENS.pageDrafts, bare)).toBe('nobody');
    expect(screenAccess(SCREENS.dashboard, bare)).toBe('authenticated');
  });

  it('lets staff open pages and files, an accountant neither', () => {
    const staff = ['manage:cms', 'manage:files'];
    const accountant = ['manage:payment'];
    for (const screen of [SCREENS.pageDrafts, SCREENS.pageDraft, SCREENS.layout, SCREENS.files, SCREENS.file]) {
      expect(canAccess(staff, screenAccess(screen, registry)), screen.path).toBe(true);
      expect(canAccess(accountant, screenAccess(screen, registry)), screen.path).toBe(false);
    }
  });
});
