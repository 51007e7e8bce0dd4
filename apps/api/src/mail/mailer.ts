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
  /**
   * HTML the server made itself (a report's tables), put unescaped where the template names it
   * (`{table}`); its text comes out in the plain-text part. Never a value from a request.
   */
  html?: Readonly<Record<string, string>>;
  attachments?: readonly MailAttachment[];
  /**
   * The body is the recipient's only: the queue keeps it for delivery and retries but shows it to no
   * administrator (a mailed report's figures, which a reader of the queue may not be allowed to open).
   */
  private?: boolean;
  priority: EmailPriority;
}

/** A file sent with an e-mail; text only (a CSV), sent as UTF-8. */
export interface MailAttachment {
  filename: string;
  /** A MIME type, with its charset for text (`text/csv; charset=utf-8`). */
  contentType: string;
  content: string;
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

/** A saved report's figures mailed on its schedule (issue 27): the tables, and the CSV attached. */
export const REPORT_DELIVERY_TEMPLATE = 'report-delivery';
