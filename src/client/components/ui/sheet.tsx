import { msg } from "@lingui/core/macro";
import { Dialog as SheetPrimitive } from "radix-ui";
import { cn } from "@/client/lib/utils";
import { ModalContent, type ModalContentProps } from "./dialog";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

const SHEET_CLOSE = {
  className: "top-4 right-4 size-10 text-ivory/80 hover:text-ivory",
  label: msg`Close menu`,
  iconClassName: "size-5",
};

/** A panel from the right edge, on noir: the phone menus. */
export function SheetContent({ className, ...props }: Omit<ModalContentProps, "overlayClassName" | "close">) {
  return (
    <ModalContent
      overlayClassName="fixed inset-0 z-50 bg-noir/50 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=closed]:animate-out data-[state=closed]:fade-out-0"
      close={SHEET_CLOSE}
      className={cn(
        "surface-noir fixed inset-y-0 right-0 z-50 flex h-full w-[88%] max-w-sm flex-col gap-6 overflow-y-auto border-l border-noir-line bg-noir p-7 text-ivory duration-250 data-[state=open]:animate-in data-[state=open]:slide-in-from-right data-[state=closed]:animate-out data-[state=closed]:slide-out-to-right",
        className,
      )}
      {...props}
    />
  );
}
