import type { User } from '@pult/contract';

/**
 * How the users screens name a person in buttons and confirmations: "Ann Lee (ann@example.com)",
 * or the e-mail alone for a nameless record, so two people of the same name stay apart.
 */
export function personName(person: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name === '' ? person.email : `${name} (${person.email})`;
}
