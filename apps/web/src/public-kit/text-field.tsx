import { type InputHTMLAttributes, type Ref, useId } from 'react';

export interface TextFieldProps
  extends Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'autoFocus' | 'readOnly' | 'inputMode' | 'name'
  > {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The text under the field; the field is marked invalid while there is one. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * MUI's outlined text field in plain CSS: the label sits in the field and floats into a notch of the
 * outline when the field has focus or a value. The placeholder is a space so CSS can tell "filled".
 */
export function TextField({ label, value, onChange, error, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'pk-field pk-field--error' : 'pk-field'}>
      <div className="pk-control">
        <input
          {...input}
          id={id}
          ref={inputRef}
          className="pk-input"
          placeholder=" "
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
        />
        <label htmlFor={id} className="pk-label">
          {label}
        </label>
        <fieldset aria-hidden="true" className="pk-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p id={helperId} className="pk-helper">
          {error}
        </p>
      )}
    </div>
  );
}
