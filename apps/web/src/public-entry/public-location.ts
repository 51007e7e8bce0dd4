import { useCallback, useEffect, useState } from 'react';

/** The public screens' whole routing: three paths, links and the back button, on the History API. */
export function usePublicLocation() {
  const [location, setLocation] = useState(() => ({
    path: window.location.pathname,
    search: window.location.search,
  }));
  useEffect(() => {
    const follow = () => setLocation({ path: window.location.pathname, search: window.location.search });
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    const url = new URL(to, window.location.origin);
    setLocation({ path: url.pathname, search: url.search });
  }, []);
  return { ...location, navigate };
}
