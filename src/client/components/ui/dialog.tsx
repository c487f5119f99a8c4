import { msg } from "@lingui/core/macro";
import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { i18n, type MessageDescriptor, useLocale } from "@/client/lib/i18n";
import { cn } from "@/client/lib/utils";
import { styled } from "./styled";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export interface ModalContentProps extends React.ComponentProps<typeof DialogPrimitive.Content> {
  overlayClassName: string;
  /** The close button's place and colours; none without it. */
  close?: { className: string; label: MessageDescriptor; iconClassName: string };
  /** Where focus goes on closing, when the opener is not the dialog's own trigger (a lazily loaded dialog). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}

/** A modal panel over a dimmed page, with its close button: the dialog's and the side sheet's common frame. */
export function ModalContent({
  overlayClassName,
  close,
  returnFocusTo,
  className,
  children,
  ...props
}: ModalContentProps) {
  useLocale();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        className={className}
        onCloseAutoFocus={
          returnFocusTo &&
          ((event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          })
        }
        {...props}
      >
        {children}
        {close && (
          <DialogPrimitive.Close
            className={`absolute inline-flex items-center justify-center rounded-sm transition-colors cursor-pointer ${close.className}`}
          >
            <XIcon className={close.iconClassName} />
            <span className="sr-only">{i18n._(close.label)}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

const DIALOG_CLOSE = {
  className: "top-3.5 right-3.5 size-9 text-ink-muted hover:bg-ivory-deep hover:text-noir",
  label: msg`Close`,
  iconClassName: "size-4",
};

export function DialogContent({
  className,
  showClose = true,
  ...props
}: Omit<ModalContentProps, "overlayClassName" | "close"> & { showClose?: boolean }) {
  return (
    <ModalContent
      overlayClassName="fixed inset-0 z-50 bg-noir/60 backdrop-blur-[2px] data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=closed]:animate-out data-[state=closed]:fade-out-0"
      close={showClose ? DIALOG_CLOSE : undefined}
      className={cn(
        "fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto overscroll-contain rounded-lg border border-stone border-t-gold bg-ivory p-7 shadow-[0_24px_64px_-36px_rgba(11,11,12,0.5)] duration-200 sm:p-9 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-[0.985] data-[state=open]:slide-in-from-bottom-1 data-[state=closed]:animate-out data-[state=closed]:fade-out-0",
        className,
      )}
      {...props}
    />
  );
}

export const DialogHeader = styled("div", "flex flex-col gap-2 pr-8");
export const DialogFooter = styled("div", "flex flex-col-reverse gap-3 sm:flex-row sm:justify-end");
export const DialogTitle = styled(DialogPrimitive.Title, "font-serif text-3xl leading-tight sm:text-[2.15rem]");
export const DialogDescription = styled(DialogPrimitive.Description, "text-sm leading-relaxed text-ink-muted");
