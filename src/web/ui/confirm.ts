import { errorMessage } from '../api/client.ts';
import { toast } from './toast.ts';

/** Theme colours with enough contrast for the dialog buttons. */
const CONFIRM_COLOR = '#1f7a52';
const DANGER_COLOR = '#b91c1c';

/** The dialog library loads on the first dialog, not with every page that has a button asking for one. */
const dialogs = () => import('sweetalert2').then((m) => m.default);

type Question = {
  title: string;
  text: string;
  confirmText: string;
  cancelText?: string;
  danger?: boolean;
  icon?: 'warning' | 'question';
};

/**
 * The one way to ask before acting: a dialog with the question, a confirm and a cancel button. Resolves true
 * when confirmed. `danger` (deleting, cancelling, removing) paints the confirm button red.
 */
export async function confirmAction({
  title,
  text,
  confirmText,
  cancelText = 'Cancel',
  danger = false,
  icon = danger ? 'warning' : 'question',
}: Question): Promise<boolean> {
  const Swal = await dialogs();
  const result = await Swal.fire({
    title,
    text,
    icon,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    confirmButtonColor: danger ? DANGER_COLOR : CONFIRM_COLOR,
    cancelButtonColor: danger ? '#4b5563' : DANGER_COLOR,
  });
  return result.isConfirmed;
}

/** The spec's delete confirmation, used by every delete in the app. */
export const confirmDelete = () =>
  confirmAction({
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    confirmText: 'Yes, delete it!',
    danger: true,
  });

/** A dialog that tells the outcome of a confirmed action (the spec's 'Deleted' messages). */
export async function tellOutcome({ title, text, ok }: { title: string; text: string; ok: boolean }) {
  const Swal = await dialogs();
  await Swal.fire({ title, text, icon: ok ? 'success' : 'error', confirmButtonColor: CONFIRM_COLOR });
}

/**
 * A row's change: asks first (unless `question` is null), then runs it and toasts `done`, or the reason it failed.
 */
export async function confirmAndRun(question: Question | null, run: () => Promise<unknown>, done: string) {
  if (question && !(await confirmAction(question))) return;
  try {
    await run();
    toast.success(done);
  } catch (error) {
    toast.error(errorMessage(error));
  }
}
