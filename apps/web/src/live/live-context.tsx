import { LIVE_EVENTS_PATH } from '@pult/contract';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useServices } from '../app/services-context';
import { useTranslation } from '../i18n/use-translation';
import { createLiveConnection } from './live-connection';
import type { LiveHub, LiveListener } from './live-hub';
import { createThrottle } from './throttle';

const LiveHubContext = createContext<LiveHub | null>(null);

/**
 * Keeps the tab's one live changes stream open while the signed-in shell is mounted (and the session
 * lasts), and offers its changes to the screens below. Outside it (unit tests of a screen) the hooks
 * below simply receive nothing.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const { i18n } = useTranslation();
  const [hub, setHub] = useState<LiveHub | null>(null);
  // The locale is read when a connection opens; a ref keeps the connection from restarting on a switch.
  const i18nRef = useRef(i18n);
  i18nRef.current = i18n;
  useEffect(() => {
    const connection = createLiveConnection({
      url: services.authUrl(LIVE_EVENTS_PATH),
      session: services.session,
      getLocale: () => i18nRef.current.language,
      // Menus, lists and forms follow the new grants at once, as after a refused action.
      onAccess: () => void services.permissions.refresh(),
    });
    setHub(connection.hub);
    const followLive = () => services.permissions.setLive(connection.hub.status() === 'open');
    const unsubscribeStatus = connection.hub.subscribeStatus(followLive);
    return () => {
      unsubscribeStatus();
      services.permissions.setLive(false);
      connection.dispose();
      setHub(null);
    };
  }, [services]);
  return <LiveHubProvider hub={hub}>{children}</LiveHubProvider>;
}

/** Offers a hub to the screens below: the running panel's (above), or a test's own. */
export function LiveHubProvider({ hub, children }: { hub: LiveHub | null; children: ReactNode }) {
  return <LiveHubContext value={hub}>{children}</LiveHubContext>;
}

/**
 * Calls `listener` for every change of `resource` (a permission resource name, from
 * `permissionResourceOf(descriptor)`, or `ANY_RESOURCE`) and for every reset. The latest listener is
 * used without subscribing again, so an inline function is fine.
 */
export function useLiveChanges(resource: string | null, listener: LiveListener): void {
  const hub = useContext(LiveHubContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!hub || resource === null) return;
    return hub.subscribe(resource, (event) => latest.current(event));
  }, [hub, resource]);
}

const noSubscribe = () => () => undefined;

/** Whether the stream is open now: a screen that polls as a fallback can stop while it is. */
export function useLiveConnected(): boolean {
  const hub = useContext(LiveHubContext);
  return useSyncExternalStore(hub ? hub.subscribeStatus : noSubscribe, () => hub?.status() === 'open');
}

/**
 * Runs `refresh` when `resource` changes, at most once per `throttleMs` (figures that are sums of many
 * rows: the queue's status counts, the dashboard's cards).
 */
export function useLiveRefresh(resource: string, refresh: () => void, throttleMs = 5_000): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const [throttled] = useState(() => createThrottle(() => latest.current(), throttleMs));
  useEffect(() => () => throttled.cancel(), [throttled]);
  useLiveChanges(resource, () => throttled());
}
