/**
 * Who owns something (a request, a conversation): a compact select of the staff, with "Unassigned" (its text the
 * feature's, `unassigned`). The current owner stays a choice even when the list lacks them (not loaded yet, or
 * they left the team); `onChange` hears only a change, with null for nobody.
 */
import type * as React from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

const NOBODY = "none";

export interface Owner {
  id: string;
  name: string;
}

export function OwnerSelect({
  owner,
  staff,
  label,
  unassigned,
  onChange,
  disabled,
  className,
  shown,
}: {
  owner: Owner | null;
  staff: Owner[];
  /** The select's accessible name ("Owner of …"). */
  label: string;
  unassigned: string;
  onChange: (userId: string | null) => void;
  disabled?: boolean;
  /** The trigger's classes (its size). */
  className?: string;
  /** What the closed select shows, where not the chosen name. */
  shown?: React.ReactNode;
}) {
  const choices = owner && !staff.some((s) => s.id === owner.id) ? [owner, ...staff] : staff;
  return (
    <Select
      value={owner?.id ?? NOBODY}
      onValueChange={(value) => {
        const userId = value === NOBODY ? null : value;
        if (userId !== (owner?.id ?? null)) onChange(userId);
      }}
      disabled={disabled}
    >
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue>{shown}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NOBODY}>{unassigned}</SelectItem>
        {choices.map((s) => (
          <SelectItem key={s.id} value={s.id}>
            {s.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
