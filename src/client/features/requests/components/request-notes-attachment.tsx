/** A request's notes and its attachment (with the authorized download), as the member and the staff see them. */
import { Download, FileText } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { attachmentUrl, type RequestDetail } from "../api";

function formatSize(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function RequestNotesAndAttachment({ request }: { request: RequestDetail }) {
  return (
    <>
      <div>
        <h3 className="eyebrow text-ink-muted">Notes</h3>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-wrap break-words">
          {request.notes || <span className="text-ink-muted">No notes.</span>}
        </p>
      </div>
      <div>
        <h3 className="eyebrow text-ink-muted">Attachment</h3>
        {request.attachment ? (
          <div className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-stone px-4 py-3">
            <FileText aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{request.attachment.name}</p>
              <p className="text-xs text-ink-muted">{formatSize(request.attachment.size)}</p>
            </div>
            <Button variant="outline" size="sm" asChild>
              <a href={attachmentUrl(request.id)} download={request.attachment.name}>
                <Download /> Download
              </a>
            </Button>
          </div>
        ) : (
          <p className="mt-2 text-sm text-ink-muted">No attachment.</p>
        )}
      </div>
    </>
  );
}
