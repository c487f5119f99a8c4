/**
 * One notification channel as a labelled switch: changed at once (optimistically), said by a toast, put back if
 * the server refuses. Used by the staff card (email, Slack, SMS) and the members' email switch.
 */
import { useId } from "react";
import { toast } from "sonner";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { errorMessage, sharedText } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { type NotificationChannel, useSetPreference } from "../api";

/** Spec section 8 (shared texts: the server says them too). */
const PREFERENCE_UPDATED = "Preference updated";
const PREFERENCE_FAILED = "Failed to update preference";

export function PreferenceSwitch({
  channel,
  label,
  description,
  checked,
  className,
}: {
  channel: NotificationChannel;
  /** The switch's accessible name, e.g. "Email notifications". */
  label: string;
  description?: React.ReactNode;
  checked: boolean;
  className?: string;
}) {
  const id = useId();
  const set = useSetPreference();

  function onCheckedChange(enabled: boolean) {
    // Stays focusable while saving (a disabled button would drop the keyboard's focus); a second flip waits.
    if (set.isPending) return;
    set.mutate(
      { channel, enabled },
      {
        onSuccess: () => toast.success(sharedText(PREFERENCE_UPDATED)),
        onError: (error) =>
          toast.error(sharedText(PREFERENCE_FAILED), { description: errorMessage(error, "") || undefined }),
      },
    );
  }

  return (
    <div className={cn("flex items-start justify-between gap-6 py-4", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id} className="text-sm">
          {label}
        </Label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-ink-muted">
            {description}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={set.isPending || undefined}
        className="mt-0.5"
      />
    </div>
  );
}
