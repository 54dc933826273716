/** Theme colours with enough contrast for the dialog buttons. */
export const SWAL_COLORS = { confirmButtonColor: '#1f7a52', cancelButtonColor: '#b91c1c' } as const;

/** The spec's delete confirmation, used by every delete in the app. */
export async function confirmDelete(): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    title: 'Are you sure?',
    text: "You won't be able to revert this!",
    icon: 'warning',
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    ...SWAL_COLORS,
  });
  return result.isConfirmed;
}
