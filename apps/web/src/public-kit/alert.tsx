import type { ReactNode } from 'react';
import { Icon } from './icons';

export interface AlertProps {
  severity: 'error' | 'info';
  title?: string;
  /** `alert` interrupts a screen reader, `status` waits its turn: errors of an action vs. news. */
  role?: 'alert' | 'status';
  children: ReactNode;
}

/** MUI's standard Alert: a tinted box with an icon, an optional title and the text. */
export function Alert({ severity, title, role = 'alert', children }: AlertProps) {
  return (
    <div role={role} className={`pk-alert pk-alert--${severity}`}>
      <Icon name={severity} size={22} />
      <div className="pk-alert-message">
        {title && <div className="pk-alert-title">{title}</div>}
        {children}
      </div>
    </div>
  );
}

/** The success notice after a recovery request or a password change, at the bottom of the screen. */
export function Toast({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="pk-alert pk-toast">
      <Icon name="success" size={22} />
      <div className="pk-alert-message">{children}</div>
    </div>
  );
}
