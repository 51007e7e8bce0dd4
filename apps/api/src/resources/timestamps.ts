/** Both stamps from the service's clock, so created and updated times compare in one time base. */
export function timestamps(now: Date) {
  return { created_at: now, updated_at: now };
}
