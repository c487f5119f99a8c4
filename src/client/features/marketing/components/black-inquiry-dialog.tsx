import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type RefObject, useEffect } from "react";
import { toast } from "sonner";
import { Form, FormActions, fieldsOf, useZodForm } from "@/client/components/form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { i18n } from "@/client/lib/i18n";
import { useSession } from "@/client/lib/session";
import { blackInquirySchema } from "@/shared/schemas";

/** The success toast of spec section 8; nothing is sent anywhere (spec section 2, /pricing). */
export const BLACK_INQUIRY_THANKS = msg`Thank you for your interest! Our team will contact you shortly.`;

/**
 * The Black membership inquiry (name, email, message), checked by the shared blackInquirySchema; a signed-in
 * member finds their name and email filled in (and may change them). It is loaded
 * (with the form library and zod) only when a visitor reaches for the invitation button, so the pricing page's
 * first load carries none of it.
 */
export default function BlackInquiryDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const session = useSession();
  const name = session.profile?.name || session.user?.name || "";
  const email = session.user?.email ?? "";
  const form = useZodForm(blackInquirySchema, { defaultValues: { name, email, message: "" } });
  const { TextField, TextareaField } = fieldsOf(form);

  // The session may arrive (or change) after the dialog was first loaded: fill in what the member has not typed.
  useEffect(() => {
    const { dirtyFields } = form.formState;
    if (!dirtyFields.name) form.setValue("name", name);
    if (!dirtyFields.email) form.setValue("email", email);
  }, [form, name, email]);

  function onSubmit() {
    toast.success(i18n._(BLACK_INQUIRY_THANKS));
    form.reset({ name, email, message: "" });
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <p className="eyebrow text-gold-deep">{t`By invitation`}</p>
          <DialogTitle>{t`Black Membership Inquiry`}</DialogTitle>
          <DialogDescription>
            {t`Black is our most private tier and is extended by invitation. Tell us a little about yourself and a member of our team will be in touch personally.`}
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={onSubmit} className="grid">
          <TextField name="name" label={t`Name`} autoComplete="name" />
          <TextField name="email" label={t`Email`} type="email" inputMode="email" autoComplete="email" />
          <TextareaField name="message" label={t`Message`} rows={5} placeholder={t`What would you like us to know?`} />
          <FormActions onCancel={() => onOpenChange(false)}>{t`Send Inquiry`}</FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
