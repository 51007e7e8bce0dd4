import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ButtonProps
  extends Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'disabled' | 'autoFocus'> {
  variant?: 'contained' | 'outlined';
  /** Shows a spinner in place of the label; the button is disabled meanwhile. */
  loading?: boolean;
  children: ReactNode;
}

/** A full-size action button, MUI's `size="large"`. */
export function Button({
  variant = 'contained',
  loading = false,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const className = `pk-button pk-button--${variant}${loading ? ' pk-button--loading' : ''}`;
  return (
    <button
      {...rest}
      type={type}
      className={className}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {children}
      {loading && <span className="pk-spinner" aria-hidden="true" />}
    </button>
  );
}
