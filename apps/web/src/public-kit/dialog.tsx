import { useEffect, useId, useRef } from 'react';

export interface DialogProps {
  /** The dialog is open while there is a text. */
  text: string | null;
  title: string;
  closeLabel: string;
  onClose: () => void;
}

/**
 * A message dialog on the native `<dialog>`: shown modal, so the page behind is inert, focus stays
 * inside and Escape closes it, all by the browser.
 */
export function Dialog({ text, title, closeLabel, onClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const open = text !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="pk-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={titleId} className="pk-dialog-title">
            {title}
          </h2>
          <p id={textId} className="pk-dialog-text">
            {text}
          </p>
          <div className="pk-dialog-actions">
            {/* biome-ignore lint/a11y/noAutofocus: the dialog's only action takes the focus, as MUI's did. */}
            <button type="button" className="pk-button" onClick={onClose} autoFocus>
              {closeLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
