/** A quiet × button that takes something out of a list (a file to send, a photo), named by `label`. */
import { X } from "lucide-react";
import { Button } from "./ui/button";

export function RemoveButton({
  label,
  onClick,
  disabled,
  className,
}: {
  /** Its accessible name, what it removes: "Remove photo.jpg". */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <X />
    </Button>
  );
}
