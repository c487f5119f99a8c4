import { useLingui } from "@lingui/react/macro";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** For code that loads the toasts on demand (the pricing page): the same module as the viewport. */
export { toast } from "sonner";

/** Maison's toasts: ivory paper, a hairline border, a gold or status-coloured edge, no heavy shadow. */
export function Toaster(props: ToasterProps) {
  const { t } = useLingui();
  return (
    <Sonner
      // The toasts' region, named in the interface's language (sonner adds its keyboard shortcut, alt+T).
      containerAriaLabel={t`Notifications`}
      position="top-center"
      offset={20}
      gap={10}
      toastOptions={{
        closeButtonAriaLabel: t`Close`,
        classNames: {
          toast:
            "!rounded-md !border !border-stone !border-l-2 !border-l-gold !bg-ivory !px-5 !py-4 !text-noir !font-sans !text-[0.9rem] !shadow-[0_18px_40px_-28px_rgba(11,11,12,0.55)]",
          description: "!text-ink-muted",
          error: "!border-l-oxblood !text-oxblood",
          success: "!border-l-forest",
        },
      }}
      {...props}
    />
  );
}
