import { describe, expect, it } from 'vitest';
import { findParams, listSearchParams, pageWindow, parseListState, toggleSort, withFilter } from './listParams';

const model = {
  sortable: ['name', 'date'],
  filterable: ['status'],
  defaultSort: { date: -1 as const },
  relations: [{ name: 'client' }] as never[],
  columns: ['name', 'client', 'date', 'status'],
  titleFields: ['number'],
  fields: [] as never[],
};

describe('list state in the URL', () => {
  it('reads the zero-based page, search, sort and filters, with the default sort when none is chosen', () => {
    const state = parseListState(new URLSearchParams('p=2&q=ber&f.status=%22open%22&f.secret=1'), model);
    expect(state).toEqual({
      page: 2,
      search: 'ber',
      sort: { field: 'date', direction: -1 },
      filter: { status: 'open' },
      deleted: false,
    });
    expect(parseListState(new URLSearchParams('p=-3&sort=-password'), model).page).toBe(0);
    expect(parseListState(new URLSearchParams('sort=-name'), model).sort).toEqual({ field: 'name', direction: -1 });
  });

  it('round-trips through the URL', () => {
    const state = parseListState(new URLSearchParams('p=1&q=x&sort=name&f.status=%22paid%22&deleted=1'), model);
    expect(parseListState(listSearchParams(state), model)).toEqual(state);
  });

  it('toggles the sort direction and goes back to page 0 on any sort or filter change', () => {
    const state = parseListState(new URLSearchParams('p=4'), model);
    const byName = toggleSort(state, 'name');
    expect(byName).toMatchObject({ page: 0, sort: { field: 'name', direction: 1 } });
    expect(toggleSort({ ...byName, page: 3 }, 'name')).toMatchObject({
      page: 0,
      sort: { field: 'name', direction: -1 },
    });
    expect(toggleSort(state, 'date').sort).toEqual({ field: 'date', direction: 1 });
    expect(withFilter({ ...state, page: 2 }, 'status', 'open')).toMatchObject({ page: 0, filter: { status: 'open' } });
    expect(withFilter({ ...state, filter: { status: 'open' } }, 'status', undefined).filter).toEqual({});
  });

  it('asks the API for one page of 25: its columns and label only, populated relation columns, the filter values', () => {
    const state = parseListState(new URLSearchParams('p=1&q=%20ber%20&f.status=%22open%22'), model);
    expect(findParams(state, model)).toEqual({
      page: 1,
      limit: 25,
      sort: { date: -1 },
      populate: ['client'],
      search: 'ber',
      filter: { status: 'open' },
      filterFields: ['status'],
      fields: ['name', 'client', 'date', 'status', 'number'],
    });
  });

  it('asks for a column named with _ that the document holds (a page path), not for the row columns that always come', () => {
    const pages = {
      ...model,
      defaultSort: { _path: 1 as const },
      columns: ['name', '_path', '_createdAt'],
      titleFields: ['_id'],
    };
    expect(findParams(parseListState(new URLSearchParams(), pages), pages).fields).toEqual(['name', '_path']);
  });

  it("asks for `_secretsSet` instead of a secret's column (a secret is never answered)", () => {
    const users = {
      ...model,
      defaultSort: { login: 1 as const },
      columns: ['login', 'password', 'roles'],
      titleFields: ['login'],
      fields: [
        { name: 'login', secret: false },
        { name: 'password', secret: true },
      ] as never[],
    };
    expect(findParams(parseListState(new URLSearchParams(), users), users).fields).toEqual([
      'login',
      '_secretsSet',
      'roles',
    ]);
  });
});

describe('page buttons', () => {
  it('shows the first, the last and the pages around the current one', () => {
    expect(pageWindow(0, 0)).toEqual([]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(10, 4000)).toEqual([0, null, 8, 9, 10, 11, 12, null, 3999]);
    expect(pageWindow(3, 10)).toEqual([0, 1, 2, 3, 4, 5, null, 9]);
  });
});
