/**
 * A named concierge (issue 34 item 1): the staff member who owns a request or a concierge conversation, as the
 * member sees them (photo, name, line), or the team when no one does. `StaffAvatar` is their photo, with their
 * initials until it loads or when there is none.
 */
import { useLingui } from "@lingui/react/macro";
import { Avatar } from "radix-ui";
import { cn } from "@/client/lib/utils";
import { initials } from "@/shared/format";
import type { StaffCard } from "@/shared/staff-card";

const SIZES = { sm: "size-7 text-[0.65rem]", chat: "size-9 text-xs", md: "size-12 text-sm" } as const;

export function StaffAvatar({
  name,
  photoUrl,
  size = "md",
  className,
}: {
  name: string;
  photoUrl: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <Avatar.Root
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full border border-gold/60 bg-ivory-deep",
        SIZES[size],
        className,
      )}
    >
      {photoUrl && <Avatar.Image src={photoUrl} alt="" className="size-full object-cover" />}
      <Avatar.Fallback delayMs={photoUrl ? 400 : 0} className="font-serif tracking-wide text-gold-deep" aria-hidden>
        {initials(name)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}

/** Who looks after the member's request or conversation: its owner, or the Maison team. */
export function ConciergeCard({ card, className }: { card: StaffCard | null; className?: string }) {
  const { t } = useLingui();
  const name = card?.name ?? t`The Maison team`;
  return (
    <div className={cn("flex items-center gap-4", className)}>
      <StaffAvatar name={card ? name : "Maison"} photoUrl={card?.photoUrl ?? null} />
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="eyebrow text-[0.6rem] text-gold-deep">{t`Your concierge`}</p>
        <p className="truncate font-serif text-lg leading-tight">{name}</p>
        <p className="text-sm text-ink-muted">
          {card ? (card.headline ?? t`Maison concierge`) : t`Our concierge team is looking after you.`}
        </p>
      </div>
    </div>
  );
}
