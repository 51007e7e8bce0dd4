import { myPermissionsSchema, type RuntimeConfig, type ServiceName } from '@pult/contract';
import { QueryClient } from '@tanstack/react-query';
import { createPermissionsStore, type PermissionsStore } from '../access/permissions-store';
import { createStepUpBroker, type StepUpBroker } from '../access/step-up-broker';
import {
  type ConnectivityMonitor,
  createConnectivityMonitor,
  isUnreachableStatus,
} from '../http/connectivity';
import {
  createHttpClient,
  createLogoutCall,
  createRefreshCall,
  type HttpClient,
  joinUrl,
} from '../http/http-client';
import { isHttpError } from '../http/http-error';
import type { I18n } from '../i18n/i18n';
import { notifier } from '../notify/notifier';
import { openSessionChannel } from '../session/session-channel';
import { createSessionManager, type SessionManager } from '../session/session-manager';

/** Everything the React tree needs from the outside world, created once at start-up. */
export interface Services {
  config: RuntimeConfig;
  session: SessionManager;
  http: HttpClient;
  /** Whether the services answer; the shell shows a notice while they do not. */
  connectivity: ConnectivityMonitor;
  queryClient: QueryClient;
  /** What the signed-in administrator may do, kept in step with their groups. */
  permissions: PermissionsStore;
  /** Asks the administrator to confirm it is them before a dangerous action goes through. */
  stepUp: StepUpBroker;
  /** Absolute URL of an auth-service path, e.g. `authUrl('/admin/signin')`. */
  authUrl: (path: string) => string;
  /** Absolute URL of a path of any service, e.g. `serviceUrl('auth', '/admin/users')`. */
  serviceUrl: (service: ServiceName, path: string) => string;
}

export interface ServicesDeps {
  config: RuntimeConfig;
  i18n: I18n;
  /** The router's navigate; the session uses it to send a signed-out user to '/'. */
  navigate: (path: string) => void;
  storage?: Storage;
  fetchFn?: typeof fetch;
}

const browserFetch: typeof fetch = (input, init) => fetch(input, init);

export function createServices(deps: ServicesDeps): Services {
  const { config, i18n } = deps;
  const fetchFn = deps.fetchFn ?? browserFetch;
  const getLocale = () => i18n.language;
  const getAuthBaseUrl = () => config.authServiceUrl;

  const session = createSessionManager({
    storage: deps.storage ?? window.localStorage,
    refresh: createRefreshCall(fetchFn, getAuthBaseUrl, getLocale),
    isUnreachable: (error) => isHttpError(error) && (error.status === 0 || isUnreachableStatus(error.status)),
    logout: createLogoutCall(fetchFn, getAuthBaseUrl, getLocale),
    navigate: deps.navigate,
    channel: openSessionChannel(),
  });

  const queryClient = createQueryClient();
  const connectivity = createConnectivityMonitor({
    // The public language list: cheap, needs no session, and served by the auth service.
    probe: () =>
      http.get(joinUrl(config.authServiceUrl, '/admin/settings'), { auth: false }).then(
        () => true,
        () => false,
      ),
    // What failed while the services were away is fetched again, so the page heals by itself.
    onRecovered: () =>
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      }),
  });

  const stepUp = createStepUpBroker();
  const http = createHttpClient({
    session,
    getLocale,
    fetchFn,
    onForbidden: (text) => {
      notifier.notify('error', text);
      // A refusal the panel did not foresee means the grants changed: follow them at once.
      void permissions.refresh();
    },
    onReachability: (answered) =>
      answered ? connectivity.reportAnswered() : connectivity.reportUnreachable(),
    onStepUp: () => stepUp.confirm(),
    // The access gate then shows the enrolment in place of any page.
    onEnrollmentRequired: () => void permissions.refresh(),
  });

  const permissions = createPermissionsStore({
    load: async () =>
      myPermissionsSchema.parse(await http.get(joinUrl(config.authServiceUrl, '/admin/me/permissions'))),
    isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  });

  // Cached profile data must not leak from one administrator to the next one signing in on this tab.
  const followSession = (signedIn: boolean) => {
    if (signedIn) permissions.start();
    else {
      permissions.stop();
      queryClient.clear();
    }
  };
  session.subscribe(followSession);
  if (session.isSignedIn()) permissions.start();

  return {
    config,
    session,
    http,
    connectivity,
    queryClient,
    permissions,
    stepUp,
    authUrl: (path) => joinUrl(config.authServiceUrl, path),
    serviceUrl: (service, path) => joinUrl(serviceBaseUrl(config, service), path),
  };
}

function serviceBaseUrl(config: RuntimeConfig, service: ServiceName): string {
  const bases: Record<ServiceName, string> = {
    auth: config.authServiceUrl,
    storage: config.storageServiceUrl,
    chat: config.chatServiceUrl,
    notification: config.notificationServiceUrl,
  };
  return bases[service];
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (404, 422, 403…) will not heal by retrying; network and 5xx errors may.
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      },
    },
  });
}

function isRetryable(error: unknown): boolean {
  return !isHttpError(error) || error.status === 0 || error.status >= 500;
}
