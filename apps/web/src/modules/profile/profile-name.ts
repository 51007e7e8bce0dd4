type Named = { first_name: string; last_name: string } | undefined;

export function fullName(profile: Named): string {
  return profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
}

/** What an avatar without a photo shows: the first letters of the first and last names. */
export function initials(profile: Named): string {
  return profile ? `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`.toUpperCase() : '';
}
