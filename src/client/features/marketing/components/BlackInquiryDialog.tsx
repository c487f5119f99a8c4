import { type FormEvent, type RefObject, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";

/** The success toast of spec section 8; nothing is sent anywhere (spec section 2, /pricing). */
export const BLACK_INQUIRY_THANKS = "Thank you for your interest! Our team will contact you shortly.";

// The same wording as the shared schemas (src/shared/schemas.ts MESSAGES); kept here so this small form does not
// pull zod into the pricing page.
const NAME_REQUIRED = "Name is required";
const INVALID_EMAIL = "Invalid email address";
const MESSAGE_REQUIRED = "Message is required";
const MESSAGE_MAX = 2000;

type Field = "name" | "email" | "message";
type Errors = Partial<Record<Field, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateInquiry(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = NAME_REQUIRED;
  const email = values.email.trim();
  if (!email || email.length > 254 || !EMAIL_PATTERN.test(email)) errors.email = INVALID_EMAIL;
  const message = values.message.trim();
  if (!message) errors.message = MESSAGE_REQUIRED;
  else if (message.length > MESSAGE_MAX) errors.message = `Message must be at most ${MESSAGE_MAX} characters`;
  return errors;
}

const EMPTY = { name: "", email: "", message: "" };

/** The Black membership inquiry (name, email, message), loaded when a visitor asks for an invitation. */
export default function BlackInquiryDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the input so they disappear as soon as they are fixed.
    if (submitted) setErrors(validateInquiry(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateInquiry(values);
    setErrors(found);
    const first = (["name", "email", "message"] as const).find((field) => found[field]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    toast.success(BLACK_INQUIRY_THANKS);
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
    onOpenChange(false);
  }

  const describedBy = (field: Field) => (errors[field] ? `black-${field}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <p className="eyebrow text-gold-deep">By invitation</p>
          <DialogTitle>Black Membership Inquiry</DialogTitle>
          <DialogDescription>
            Black is our most private tier and is extended by invitation. Tell us a little about yourself and a member
            of our team will be in touch personally.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <FormField id="black-name" label="Name" error={errors.name}>
            <Input
              ref={refs.name}
              id="black-name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(e) => update("name", e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy("name")}
            />
          </FormField>
          <FormField id="black-email" label="Email" error={errors.email}>
            <Input
              ref={refs.email}
              id="black-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => update("email", e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy("email")}
            />
          </FormField>
          <FormField id="black-message" label="Message" error={errors.message}>
            <Textarea
              ref={refs.message}
              id="black-message"
              name="message"
              rows={5}
              placeholder="What would you like us to know?"
              value={values.message}
              onChange={(e) => update("message", e.target.value)}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy("message")}
            />
          </FormField>
          <DialogFooter className="pt-2">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Send Inquiry</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
