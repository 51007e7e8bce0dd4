import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListReturnPath } from './list-return';

function at(state: unknown) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/auth/users/edit', search: '?id=3', state }]}>
      {children}
    </MemoryRouter>
  );
}

describe('useListReturnPath', () => {
  it('returns to the list view the record was opened from, filters and page included', () => {
    const { result } = renderHook(() => useListReturnPath('/auth/users'), {
      wrapper: at({ returnTo: '/auth/users?page=3&filter[email]=ann' }),
    });
    expect(result.current).toBe('/auth/users?page=3&filter[email]=ann');
  });

  it('falls back to the bare list without state, or when the state names another place', () => {
    expect(renderHook(() => useListReturnPath('/auth/users'), { wrapper: at(null) }).result.current).toBe(
      '/auth/users',
    );
    expect(
      renderHook(() => useListReturnPath('/auth/users'), { wrapper: at({ returnTo: 'https://evil.test/' }) })
        .result.current,
    ).toBe('/auth/users');
    expect(
      renderHook(() => useListReturnPath('/auth/users'), { wrapper: at({ returnTo: '/auth/users-other' }) })
        .result.current,
    ).toBe('/auth/users');
  });
});
