import { describe, expect, it } from 'vitest';
import { beyond, grantOf, namesIn, permissionsByRole, roleGrant, roleRefusal, userAbove, type Holder } from './grants';

const permissionsOf = permissionsByRole([
  { name: 'ops', permissions: ['manage:backend'] },
  { name: 'staff', permissions: ['manage:cms', 'manage:files'] },
  { name: 'accountant', permissions: ['manage:payment'] },
  { name: 'odd', permissions: ['manage:backend', 'not-a-permission', 7] },
]);
const ops: Holder = { almighty: false, permissions: new Set(['manage:backend']) };
const ALMIGHTY = 'admin or superuser: every permission and every _read/_write list';

describe('grant only what you hold', () => {
  it('lets a caller grant a role only when they hold all of its permissions, the almighty ones never', () => {
    expect(roleRefusal(ops, 'ops', permissionsOf)).toBeUndefined();
    expect(roleRefusal(ops, 'odd', permissionsOf)).toBeUndefined();
    expect(roleRefusal(ops, 'staff', permissionsOf)).toEqual({ missing: ['manage:cms', 'manage:files'] });
    expect(roleRefusal(ops, 'admin', permissionsOf)).toEqual({ almighty: true });
    expect(roleRefusal(ops, 'superuser', permissionsOf)).toEqual({ almighty: true });
    // A role nobody defined grants nothing, so anyone may grant it.
    expect(roleRefusal(ops, 'unknown', permissionsOf)).toBeUndefined();
  });

  it('finds a user above the caller by what their roles grant', () => {
    expect(userAbove(ops, { roles: ['ops'] }, permissionsOf)).toEqual([]);
    expect(userAbove(ops, { roles: [] }, permissionsOf)).toEqual([]);
    expect(userAbove(ops, { roles: ['ops', 'accountant'] }, permissionsOf)).toEqual(['manage:payment']);
    expect(userAbove(ops, { roles: ['admin'] }, permissionsOf)).toEqual([ALMIGHTY]);
    const lead: Holder = { almighty: false, permissions: new Set(['manage:backend', 'manage:cms', 'manage:files']) };
    expect(userAbove(lead, { roles: ['staff', 'ops'] }, permissionsOf)).toEqual([]);
  });

  it('reads a role by its permissions, or as everything under an almighty name', () => {
    expect(beyond(ops, roleGrant({ name: 'helpdesk', permissions: ['manage:backend'] }))).toEqual([]);
    expect(beyond(ops, roleGrant({ name: 'payer', permissions: ['manage:payment'] }))).toEqual(['manage:payment']);
    expect(beyond(ops, roleGrant({ name: 'admin', permissions: [] }))).toEqual([ALMIGHTY]);
    expect(grantOf(['superuser'], permissionsOf).almighty).toBe(true);
  });

  it('takes only the strings of a stored list', () => {
    expect(namesIn(['a', 1, null, 'b'])).toEqual(['a', 'b']);
    expect(namesIn('admin')).toEqual([]);
    expect(namesIn(undefined)).toEqual([]);
  });
});
