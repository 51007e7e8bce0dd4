/**
 * The screens the public entry serves (spec §2): sign-in, password recovery and change. Every other
 * path is the panel's. Both entries use this list, so a path is always served by exactly one of them.
 */
export const PUBLIC_PATHS = ['/', '/recover-password', '/change-password'] as const;

export function isPublicPath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (PUBLIC_PATHS as readonly string[]).includes(trimmed);
}

/** Where a successful sign-in leads (spec §2). */
export const SIGNED_IN_PATH = '/dashboard';
