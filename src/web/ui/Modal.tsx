import { type FormEventHandler, type ReactNode, type RefObject, useEffect, useRef } from 'react';

/**
 * A modal dialog that asks before something is done: its question (`title`), what happens (`lines`, its
 * description), any fields (`children`), then a cancel button and `confirm`. It opens at once with the focus on
 * cancel, closes on Escape or cancel (`onClose`: the page unmounts it), and gives the focus back to what opened it.
 * With `onSubmit` the box is a form; `dialog` lets the caller close it after acting. Ids are `id`-title and `id`-text.
 */
export function Modal({
  id,
  title,
  lines,
  cancelText,
  confirm,
  onClose,
  onSubmit,
  dialog: given,
  actionsClassName = 'modal-action',
  children = null,
}: {
  id: string;
  title: ReactNode;
  lines: readonly string[];
  cancelText: string;
  confirm: ReactNode;
  onClose: () => void;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  dialog?: RefObject<HTMLDialogElement | null>;
  actionsClassName?: string;
  children?: ReactNode;
}) {
  const own = useRef<HTMLDialogElement>(null);
  const dialog = given ?? own;
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    cancel.current?.focus();
    return () => opener?.focus();
  }, [dialog]);

  const box = (
    <>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <ul id={`${id}-text`} className="mt-3 list-disc space-y-2 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {children}
      <div className={actionsClassName}>
        <button ref={cancel} type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
          {cancelText}
        </button>
        {confirm}
      </div>
    </>
  );
  return (
    <dialog
      ref={dialog}
      className="modal"
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      {onSubmit ? (
        <form className="modal-box" onSubmit={onSubmit} noValidate>
          {box}
        </form>
      ) : (
        <div className="modal-box">{box}</div>
      )}
    </dialog>
  );
}
