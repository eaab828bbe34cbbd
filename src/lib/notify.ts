import { toast } from 'sonner';

/**
 * The app's toasts, by kind: ordinary toasts last the Toaster's 3 s; result toasts
 * (uploads, orders) stay until dismissed; loading toasts cannot be dismissed.
 */
export const notify = {
  info: (message: string) => toast(message),
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  resultSuccess: (message: string) => toast.success(message, { duration: Number.POSITIVE_INFINITY }),
  resultError: (message: string) => toast.error(message, { duration: Number.POSITIVE_INFINITY }),
  loading: (message: string, id?: string) =>
    toast.loading(message, {
      id,
      dismissible: false,
      duration: Number.POSITIVE_INFINITY,
      closeButton: false,
    }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
