/**
 * Every form of the app: react-hook-form validated by a zod schema from src/shared (the server checks the same
 * schema). `<Form form={form}>` provides the form to its fields, and `fieldsOf(form)` gives the fields typed for
 * it, so each `name` is checked against the schema:
 *
 *   const form = useZodForm(signInSchema, { defaultValues: { email: "", password: "" } });
 *   const { TextField } = fieldsOf(form);
 *   <Form form={form} onSubmit={…}><TextField name="email" label="Email" type="email" /></Form>
 *
 * Each field
 * shows its label, its hint or its error under it, wired for screen readers; the first invalid field takes focus
 * on submit, and after a first attempt errors follow the input. A failure of the call itself goes to the form's
 * `root` error (`<FormError />`) or to a field (`form.setError`). Errors show in the interface's language: the
 * schemas' messages are the shared keyed texts (src/shared/contracts/common-texts.ts, decision 028).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import {
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useFormState,
} from "react-hook-form";
import type { z } from "zod";
import { sharedText } from "@/client/lib/api";
import { useLocale } from "@/client/lib/i18n";
import { cn } from "@/client/lib/utils";
import { Button } from "./ui/button";
import { DialogFooter } from "./ui/dialog";
import { FormField } from "./ui/form-field";
import { Input } from "./ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";
import { Textarea } from "./ui/textarea";

// biome-ignore lint/suspicious/noExplicitAny: any zod object schema; its input and output types flow from it
type AnySchema = z.ZodType<any, FieldValues>;

/** A form for `schema`: its fields hold the schema's input, submit receives its parsed output. */
export function useZodForm<S extends AnySchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver">,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}

export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context type is not used here
  form: UseFormReturn<TIn, any, TOut>;
  onSubmit: (values: TOut) => unknown;
} & Omit<React.ComponentProps<"form">, "onSubmit">) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(async (values) => {
          await onSubmit(values);
        })}
        className={cn("flex flex-col gap-5", className)}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** The form's own error (a refused payment, say): `form.setError("root", { message })`. */
export function FormError({ className }: { className?: string }) {
  const { errors } = useFormState();
  useLocale();
  const message = errors.root?.message && sharedText(errors.root.message);
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn("rounded-md border border-oxblood/30 bg-oxblood/5 px-4 py-3 text-sm text-oxblood", className)}
    >
      {message}
    </p>
  );
}

/** A dialog form's buttons: Cancel, and the submit button (disabled while `pending`). */
export function FormActions({
  onCancel,
  pending = false,
  className = "pt-2",
  children,
}: {
  onCancel: () => void;
  pending?: boolean;
  className?: string;
  /** The submit button's label. */
  children: React.ReactNode;
}) {
  const { t } = useLingui();
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t`Cancel`}
      </Button>
      <Button type="submit" disabled={pending}>
        {children}
      </Button>
    </DialogFooter>
  );
}

interface BoundFieldProps<T extends FieldValues> {
  /** The form's control; by default the one `<Form>` provides. */
  // biome-ignore lint/suspicious/noExplicitAny: any form context and output type
  control?: Control<T, any, any>;
  name: FieldPath<T>;
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** Defaults to the field's name. */
  id?: string;
  className?: string;
}

/** A label and a control of one's own, bound to the form field `name`. */
export function ControlField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  id = name,
  className,
  render,
}: BoundFieldProps<T> & {
  render: (
    field: ControllerRenderProps<T, FieldPath<T>>,
    control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string },
    state: ControllerFieldState,
  ) => React.ReactNode;
}) {
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ control: control ?? context.control, name });
  useLocale();
  const error = fieldState.error?.message && sharedText(fieldState.error.message);
  // Only what applies, so a control's own aria-invalid (set from a form-level error) is kept otherwise.
  const a11y = error ? { id, "aria-invalid": true as const, "aria-describedby": `${id}-error` } : { id };
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      {render(field, a11y, fieldState)}
    </FormField>
  );
}

type InputProps = Omit<
  React.ComponentProps<"input">,
  "id" | "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "className"
>;

/** A text input. `format` rewrites what is typed (digits only, groups of four…). */
export function TextField<T extends FieldValues>({
  format,
  inputClassName,
  ...props
}: BoundFieldProps<T> & InputProps & { format?: (value: string) => string; inputClassName?: string }) {
  const { control, name, label, hint, id, className, ...inputProps } = props;
  return (
    <ControlField
      {...{ control, name, label, hint, id, className }}
      render={(field, a11y) => (
        <Input
          {...inputProps}
          {...a11y}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ""}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(format ? format(event.target.value) : event.target.value)}
          className={inputClassName}
        />
      )}
    />
  );
}

/** A multi-line text input. */
export function TextareaField<T extends FieldValues>(
  props: BoundFieldProps<T> & Omit<React.ComponentProps<"textarea">, "id" | "name" | "value" | "onChange" | "ref">,
) {
  const { control, name, label, hint, id, className, ...textareaProps } = props;
  return (
    <ControlField
      {...{ control, name, label, hint, id, className }}
      render={(field, a11y) => <Textarea {...textareaProps} {...a11y} {...field} value={field.value ?? ""} />}
    />
  );
}

/** A choice among fixed options. */
export function SelectField<T extends FieldValues>({
  options,
  placeholder,
  triggerClassName,
  disabled,
  ...props
}: BoundFieldProps<T> & {
  options: ReadonlyArray<{ value: string; label: React.ReactNode }>;
  placeholder?: string;
  triggerClassName?: string;
  disabled?: boolean;
}) {
  return (
    <ControlField
      {...props}
      render={(field, a11y) => (
        <Select value={field.value ?? ""} onValueChange={field.onChange} disabled={disabled} name={field.name}>
          <SelectTrigger {...a11y} ref={field.ref} onBlur={field.onBlur} className={triggerClassName}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** The fields, typed for `form`: their `name` must be one of its fields. */
// biome-ignore lint/suspicious/noExplicitAny: any form context and output type
export function fieldsOf<T extends FieldValues>(_form: UseFormReturn<T, any, any>) {
  return {
    TextField: TextField<T>,
    TextareaField: TextareaField<T>,
    SelectField: SelectField<T>,
    ControlField: ControlField<T>,
  };
}

/** A field that keeps only digits as they are typed (codes, card numbers' parts). */
export const digitsOnlyField = { inputMode: "numeric", format: (value: string) => value.replace(/\D/g, "") } as const;
