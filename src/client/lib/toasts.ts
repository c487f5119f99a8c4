/**
 * A mutation's outcome as a toast: its success text, or the server's words for a failure (else `failure`,
 * translated). `settle` runs first either way (it closes the dialog the mutation ran from).
 */
import { toast } from "sonner";
import { errorMessage } from "./api";

/** Toasts a failed call: the server's words, else `fallback`. */
export function toastFailure(error: unknown, fallback?: string): void {
  toast.error(errorMessage(error, fallback));
}

/** The `mutate` options that toast the outcome. */
export function toastOutcome(success: string | null, failure?: string, settle?: () => void) {
  return {
    onSuccess: () => {
      settle?.();
      if (success) toast.success(success);
    },
    onError: (error: unknown) => {
      settle?.();
      toastFailure(error, failure);
    },
  };
}
