/**
 * The one confirmation dialog: a title, what will happen, optional content (a password field), Cancel and the
 * action. Radix's alert dialog keeps focus inside and closes on Escape or Cancel; the action closes it too, unless
 * `onConfirm` calls `event.preventDefault()` (to stay open while the work runs, or to show an error).
 */
import { useLingui } from "@lingui/react/macro";
import { AlertDialog as Alert } from "radix-ui";
import type * as React from "react";
import { buttonVariants } from "./ui/button-variants";

export interface ConfirmDialogProps {
  /** The button that opens the dialog; leave it out when `open` is controlled from elsewhere. */
  trigger?: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  children?: React.ReactNode;
  confirmLabel: React.ReactNode;
  cancelLabel?: React.ReactNode;
  destructive?: boolean;
  onConfirm: (event: React.MouseEvent<HTMLButtonElement>) => void;
  /** While true, both buttons are disabled (the work runs with the dialog open). */
  busy?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onOpenAutoFocus?: (event: Event) => void;
}

export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  busy = false,
  open,
  onOpenChange,
  onOpenAutoFocus,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Alert.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Alert.Trigger asChild>{trigger}</Alert.Trigger>}
      <Alert.Portal>
        <Alert.Overlay className="fixed inset-0 z-50 bg-noir/55 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Alert.Content
          onOpenAutoFocus={onOpenAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 rounded-lg border border-stone bg-ivory p-7 shadow-xl data-[state=open]:animate-in data-[state=open]:fade-in-0"
        >
          <Alert.Title className="font-serif text-2xl">{title}</Alert.Title>
          <Alert.Description className="text-sm leading-relaxed text-ink-muted">{description}</Alert.Description>
          {children}
          <div className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${children ? "pt-1" : ""}`}>
            <Alert.Cancel className={buttonVariants({ variant: "outline" })} disabled={busy}>
              {cancelLabel ?? t`Cancel`}
            </Alert.Cancel>
            <Alert.Action
              className={buttonVariants({ variant: destructive ? "destructive" : "default" })}
              onClick={onConfirm}
              disabled={busy}
            >
              {confirmLabel}
            </Alert.Action>
          </div>
        </Alert.Content>
      </Alert.Portal>
    </Alert.Root>
  );
}
