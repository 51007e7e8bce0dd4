import { SUCCESS_REDIRECT_DELAY_MS } from '@pult/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** After a successful recovery request or password change: go to '/' in 2 s (spec §4). */
export function useRedirectHomeLater(): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Leaving the page early must not yank the user back to '/' from wherever they went.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate('/'), SUCCESS_REDIRECT_DELAY_MS);
  }, [navigate]);
}
