/**
 * Photos for a quote option or a handover: chosen files are uploaded at once to the request's quote files (each
 * with its progress), then listed with a way to remove them. JPEG, PNG, WebP or PDF, as the server sniffs them.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { FileText, ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api";
import { QUOTE_OPTION_MAX_PHOTOS } from "@/shared/quotes";
import { type QuoteFile, quoteFileUrl, uploadQuoteFile } from "../api";

const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "application/pdf"];
const MAX_MB = 20;

interface Upload {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

export function PhotoUploader({
  requestId,
  label,
  value,
  onChange,
  disabled = false,
}: {
  requestId: string;
  label: string;
  value: QuoteFile[];
  onChange: (files: QuoteFile[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  // Uploads finish in any order: each adds to the latest list, not to the one it started from.
  const latest = useRef(value);
  latest.current = value;
  const room = QUOTE_OPTION_MAX_PHOTOS - value.length - uploads.filter((upload) => !upload.error).length;

  const patch = (key: string, change: Partial<Upload> | null) =>
    setUploads((list) =>
      change === null
        ? list.filter((upload) => upload.key !== key)
        : list.map((u) => (u.key === key ? { ...u, ...change } : u)),
    );

  function choose(list: FileList | null) {
    // Copied first: clearing the input (so the same file can be chosen again) empties its FileList.
    const files = Array.from(list ?? []).slice(0, Math.max(0, room));
    if (input.current) input.current.value = "";
    for (const file of files) {
      const key = `${file.name}-${Math.random()}`;
      const refused =
        file.type && !ACCEPTED.includes(file.type)
          ? t`Please choose a JPEG, PNG, WebP or PDF`
          : file.size > MAX_MB * 1024 * 1024
            ? t`The file is larger than ${MAX_MB} MB`
            : undefined;
      setUploads((list) => [...list, { key, name: file.name, progress: 0, error: refused }]);
      if (refused) continue;
      uploadQuoteFile(requestId, file, (progress) => patch(key, { progress }))
        .then((uploaded) => {
          patch(key, null);
          onChange([...latest.current, uploaded]);
        })
        .catch((error) => patch(key, { error: errorMessage(error, t`Upload failed`) }));
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-[0.8rem] font-medium tracking-wide">
        <Trans>
          {label} <span className="font-normal text-ink-muted">(optional)</span>
        </Trans>
      </span>
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        aria-labelledby={labelId}
        accept={ACCEPTED.join(",")}
        onChange={(event) => choose(event.target.files)}
        disabled={disabled || room <= 0}
        tabIndex={-1}
      />
      {(value.length > 0 || uploads.length > 0) && (
        <ul className="flex flex-col gap-2">
          {value.map((file) => (
            <li key={file.id} className="flex items-center gap-3 rounded-md border border-stone bg-ivory px-3 py-2">
              {file.type.startsWith("image/") ? (
                <img src={quoteFileUrl(requestId, file.id)} alt="" className="size-10 rounded-sm object-cover" />
              ) : (
                <FileText aria-hidden className="size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
              )}
              <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((candidate) => candidate.id !== file.id))}
              >
                <X />
              </Button>
            </li>
          ))}
          {uploads.map((upload) => (
            <li key={upload.key} className="flex flex-col gap-1.5 rounded-md border border-stone bg-ivory px-3 py-2">
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate text-sm">{upload.name}</span>
                {upload.error && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={t`Dismiss ${upload.name}`}
                    onClick={() => patch(upload.key, null)}
                  >
                    <X />
                  </Button>
                )}
              </div>
              {upload.error ? (
                <p role="alert" className="text-xs font-medium text-oxblood">
                  {upload.error}
                </p>
              ) : (
                <div className="flex items-center gap-3">
                  <div
                    role="progressbar"
                    aria-label={t`Uploading ${upload.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(upload.progress * 100)}
                    className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone"
                  >
                    <div
                      className="h-full bg-gold-deep transition-[width]"
                      style={{ width: `${Math.round(upload.progress * 100)}%` }}
                    />
                  </div>
                  <span className="text-xs tabular-nums text-ink-muted">{Math.round(upload.progress * 100)}%</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || room <= 0}
          onClick={() => input.current?.click()}
        >
          <ImagePlus /> {t`Add photos`}
        </Button>
        <p className="mt-1.5 text-xs text-ink-muted">
          {t`JPEG, PNG, WebP or PDF, up to ${MAX_MB} MB each; at most ${QUOTE_OPTION_MAX_PHOTOS}.`}
        </p>
      </div>
    </div>
  );
}
