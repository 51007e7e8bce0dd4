import { createContext, type ReactNode, useContext } from 'react';
import { useCan } from './use-permissions';

/**
 * The resource the current page works on (`auth.users`), from the menu item it belongs to: shared
 * buttons (create, edit, delete) ask about it without each page passing it down.
 */
const RouteResourceContext = createContext<string | undefined>(undefined);

export function RouteResourceProvider({
  resource,
  children,
}: {
  resource: string | undefined;
  children: ReactNode;
}) {
  return <RouteResourceContext value={resource}>{children}</RouteResourceContext>;
}

export function useRouteResource(): string | undefined {
  return useContext(RouteResourceContext);
}

/** Whether the current page's resource allows the action (true on pages without a resource). */
export function useRouteCan(action: string): boolean {
  return useCan(useRouteResource(), action);
}
