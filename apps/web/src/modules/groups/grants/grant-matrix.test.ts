import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.test-support';
import { draftsOfGrants, grantsOfDrafts } from './grant-draft';
import { cellState, cycleCell, inMatrix, matrixSections, nextCellState, setCell } from './grant-matrix';

describe('grant matrix', () => {
  const sections = matrixSections(CATALOGUE);

  it('lays the catalogue out by service, with wildcard rows first', () => {
    expect(sections.map((section) => section.service)).toEqual([null, 'auth', 'storage']);
    expect(sections[0]?.rows.map((row) => row.resource)).toEqual(['*']);
    expect(sections[1]?.rows.map((row) => row.resource)).toEqual(['auth.*', 'auth.users', 'auth.settings']);
    const users = sections[1]?.rows[1];
    expect([...(users?.columns ?? [])]).toEqual(['list', 'read', 'update', 'delete', 'export', '*']);
    expect(users?.moduleActions).toEqual(['bulk.setStatus']);
    expect(sections[1]?.rows[2]?.moduleActions).toEqual(['settings.regenerate-api-keys']);
  });

  it('cycles a cell none → allow → deny → none, adding new grants at the end', () => {
    let drafts = draftsOfGrants([{ resource: 'auth.users', action: 'list', effect: 'allow' }]);
    drafts = cycleCell(drafts, 'auth.users', 'read');
    expect(cellState(drafts, 'auth.users', 'read')).toBe('allow');
    expect(drafts.map((draft) => draft.action)).toEqual(['list', 'read']);
    drafts = cycleCell(drafts, 'auth.users', 'read');
    expect(cellState(drafts, 'auth.users', 'read')).toBe('deny');
    drafts = cycleCell(drafts, 'auth.users', 'read');
    expect(cellState(drafts, 'auth.users', 'read')).toBe('none');
    expect(grantsOfDrafts(drafts, CATALOGUE)).toEqual([
      { resource: 'auth.users', action: 'list', effect: 'allow' },
    ]);
  });

  it('keeps fields and condition when an allow becomes a deny', () => {
    const drafts = draftsOfGrants([
      {
        resource: 'auth.users',
        action: 'read',
        effect: 'allow',
        fields: ['email'],
        where: { status: { eq: 1 } },
      },
    ]);
    expect(grantsOfDrafts(setCell(drafts, 'auth.users', 'read', 'deny'), CATALOGUE)).toEqual([
      {
        resource: 'auth.users',
        action: 'read',
        effect: 'deny',
        fields: ['email'],
        where: { status: { eq: 1 } },
      },
    ]);
  });

  it('shows grants of both effects in one cell as mixed, and a click clears them', () => {
    const drafts = draftsOfGrants([
      { resource: 'auth.users', action: 'read', effect: 'allow' },
      { resource: 'auth.users', action: 'read', effect: 'deny', fields: ['email'] },
    ]);
    expect(cellState(drafts, 'auth.users', 'read')).toBe('mixed');
    expect(nextCellState('mixed')).toBe('none');
    expect(cycleCell(drafts, 'auth.users', 'read')).toEqual([]);
  });

  it('knows which grants have no place in the matrix', () => {
    const drafts = draftsOfGrants([
      { resource: 'auth.*', action: 'list', effect: 'allow' },
      { resource: 'auth.users', action: 'bulk.setStatus', effect: 'allow' },
      { resource: 'auth.users', action: 'bulk.*', effect: 'allow' },
      { resource: 'chat.channels', action: 'list', effect: 'allow' },
    ]);
    expect(drafts.map((draft) => inMatrix(sections, draft))).toEqual([true, true, false, false]);
  });
});
