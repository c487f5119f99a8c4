import { type ReactNode, Suspense, useState } from "react";

/**
 * An overlay (the phone menu, a dialog) whose code loads the first time it is opened: `mounted` turns true then
 * and stays so, letting the overlay animate closed and open again without loading twice.
 */
export function useOnDemand() {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  return { mounted, open, setOpen, show };
}

/** Renders a lazily loaded overlay once it has been asked for. */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
