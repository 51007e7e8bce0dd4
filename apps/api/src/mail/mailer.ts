import type { EmailPriority, Locale } from '@pult/contract';
import type { Executor } from '../db/database.js';

/**
 * The platform's own e-mail as the modules that send it see it: a port the notification module
 * implements and the app hands to the auth module, so neither imports the other for it.
 */
export interface TemplatedEmail {
  template: string;
  /** An e-mail address (a uid has been resolved before). */
  to: string;
  language: Locale;
  variables: Record<string, unknown>;
  priority: EmailPriority;
}

export interface Mailer {
  /**
   * Renders a template and queues the e-mail inside the caller's transaction (delivery follows once it
   * commits): the same path as `POST /send`. A template that cannot be rendered is a 422 AppError.
   */
  send(executor: Executor, email: TemplatedEmail): Promise<number>;
  /** Asks the worker to look at the queue now (call after the transaction has committed). */
  wake(): void;
  /** Logs an e-mail the platform wanted to send but could not render (a broken template). */
  reportUnsendable(email: Pick<TemplatedEmail, 'template' | 'language'>, error: unknown): void;
}

/** The template of the password-recovery e-mail, which the notification module seeds under this name. */
export const PASSWORD_RECOVERY_TEMPLATE = 'password-recovery';

/** The e-mail an administrator gets when another one has reset their second factor. */
export const MFA_RESET_TEMPLATE = 'mfa-reset';

/** The e-mail an imported administrator gets, with the link that sets their first password. */
export const ADMIN_INVITATION_TEMPLATE = 'admin-invitation';
