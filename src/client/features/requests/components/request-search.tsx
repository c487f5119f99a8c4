/** The search box over a list of requests (the member's, the pipeline's): a magnifier inside a search field. */
import { useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { Input } from "@/client/components/ui/input";
import { cn } from "@/client/lib/utils";

export function RequestSearch({
  value,
  onChange,
  placeholder,
  dense = false,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The admin area's smaller field. */
  dense?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div className={cn("relative", className)}>
      <Search
        aria-hidden
        className={cn(
          "pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-ink-muted",
          dense ? "left-3" : "left-3.5",
        )}
      />
      <Input
        type="search"
        aria-label={t`Search requests`}
        placeholder={placeholder}
        className={dense ? "h-10 pl-9 text-sm" : "pl-10"}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
