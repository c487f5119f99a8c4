/**
 * /admin/replies: the team's saved replies. Every staff member lists, adds, edits and deletes them (deleting asks
 * first); the list follows other staff members' changes live. The form checks what the server checks (title
 * 1–100, text 1–4000, known placeholders only) with the same schema and messages.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Form, FormActions, FormError, fieldsOf, useZodForm } from "@/client/components/form";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { ApiError, errorMessage } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { type SavedReplyInput, savedReplyInputSchema } from "@/shared/contracts/replies";
import { formatMessageTime } from "@/shared/format";
import { REPLY_TEXT_MAX, REPLY_TITLE_MAX, replyMatches } from "@/shared/replies";
import { repliesQueries, type SavedReply, useDeleteReply, useSaveReply } from "../api";

/** The reply being edited: a saved one, a new one, or none. */
type Editing = SavedReply | "new" | null;

/** The placeholders, shown as they are typed (values of the texts, never parsed as the messages' own). */
const MEMBER_NAME = "{member_name}";
const REQUEST_TITLE = "{request_title}";
const FIRST_NAME = "{first_name}";

export default function AdminRepliesPage() {
  const { t } = useLingui();
  const query = useQuery(repliesQueries.list());
  const [editing, setEditing] = useState<Editing>(null);
  const [filter, setFilter] = useState("");
  const count = query.data?.items.length ?? 0;

  return (
    <AdminPage
      width="4xl"
      eyebrow={t`Settings`}
      title={t`Saved replies`}
      description={
        <Trans>
          Shared by the whole team. Type <Kbd>/</Kbd> in any reply box to insert one; <Code>{MEMBER_NAME}</Code> and{" "}
          <Code>{REQUEST_TITLE}</Code> are filled in for the conversation.
        </Trans>
      }
      actions={
        <Button onClick={() => setEditing("new")}>
          <Plus /> {t`New saved reply`}
        </Button>
      }
    >
      {count > 5 && (
        <div className="flex flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor="replies-filter" className="text-sm font-medium">
            {t`Filter`}
          </label>
          <Input
            id="replies-filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t`Title or text`}
          />
        </div>
      )}
      <AsyncView
        query={query}
        loading={<ListSkeleton label={t`Loading saved replies`} items={["h-24", "h-24", "h-24"]} />}
        errorFallback={t`Failed to load saved replies`}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={t`No saved replies yet`}
            description={t`Write the answers the team gives most often once, and insert them in any conversation with /.`}
            action={
              <Button variant="outline" onClick={() => setEditing("new")}>
                <Plus /> {t`New saved reply`}
              </Button>
            }
          />
        }
      >
        {(data) => {
          const shown = data.items.filter((reply) => replyMatches(reply, filter));
          return shown.length ? (
            <ul aria-label={t`Saved replies`} className="flex flex-col gap-3">
              {shown.map((reply) => (
                <ReplyRow key={reply.id} reply={reply} onEdit={() => setEditing(reply)} />
              ))}
            </ul>
          ) : (
            <p className="py-6 text-center text-sm text-ink-muted">{t`No saved reply matches “${filter}”.`}</p>
          );
        }}
      </AsyncView>
      <ReplyDialog editing={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}

const Kbd = ({ children }: { children: React.ReactNode }) => (
  <kbd className="rounded border border-stone-dark bg-card px-1.5 py-0.5 font-mono text-xs text-noir">{children}</kbd>
);
const Code = ({ children }: { children: React.ReactNode }) => (
  <code className="rounded bg-ivory-deep px-1 py-0.5 font-mono text-xs text-noir">{children}</code>
);

function ReplyRow({ reply, onEdit }: { reply: SavedReply; onEdit: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteReply();
  const [confirming, setConfirming] = useState(false);
  const headingId = `reply-${reply.id}`;

  async function onDelete(event: React.MouseEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync(reply.id);
      toast.success(t`Saved reply deleted`);
    } catch (error) {
      toastFailure(error, t`Failed to delete the saved reply`);
    }
    setConfirming(false);
  }

  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-stone bg-card px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={headingId} className="font-sans text-base font-medium break-words">
            {reply.title}
            {reply.shortcut && (
              <span className="ml-2 font-mono text-xs font-normal text-ink-muted">/{reply.shortcut}</span>
            )}
          </h2>
          <p className="mt-0.5 text-xs text-ink-muted">
            {reply.updatedBy ? (
              <Trans>
                Updated{" "}
                <time dateTime={String(reply.updatedAt)} className="tabular">
                  {formatMessageTime(reply.updatedAt)}
                </time>{" "}
                by {reply.updatedBy}
              </Trans>
            ) : (
              <Trans>
                Updated{" "}
                <time dateTime={String(reply.updatedAt)} className="tabular">
                  {formatMessageTime(reply.updatedAt)}
                </time>
              </Trans>
            )}
          </p>
        </div>
        <div className="-ml-3 flex shrink-0 gap-1 sm:ml-0">
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={t`Edit ${reply.title}`}>
            <Pencil /> {t`Edit`}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={(next) => !remove.isPending && setConfirming(next)}
            trigger={
              <Button
                size="sm"
                variant="ghost"
                className="text-oxblood hover:bg-oxblood/5"
                aria-label={t`Delete ${reply.title}`}
              >
                <Trash2 /> {t`Delete`}
              </Button>
            }
            title={t`Delete this saved reply?`}
            description={t`“${reply.title}” will no longer be offered to anyone on the team. Messages already sent keep their text.`}
            cancelLabel={t`Keep it`}
            confirmLabel={remove.isPending ? t`Deleting…` : t`Delete`}
            destructive
            busy={remove.isPending}
            onConfirm={onDelete}
          />
        </div>
      </div>
      <p className="mt-3 line-clamp-4 text-sm leading-relaxed whitespace-pre-wrap break-words text-ink-muted">
        {reply.text}
      </p>
    </li>
  );
}

function ReplyDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        {editing !== null && (
          <ReplyForm key={editing === "new" ? "new" : editing.id} editing={editing} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ReplyForm({ editing, onDone }: { editing: SavedReply | "new"; onDone: () => void }) {
  const { t } = useLingui();
  const existing = editing === "new" ? null : editing;
  const save = useSaveReply();
  const form = useZodForm(savedReplyInputSchema, {
    defaultValues: { title: existing?.title ?? "", text: existing?.text ?? "", shortcut: existing?.shortcut ?? "" },
  });
  const { TextField, TextareaField } = fieldsOf(form);

  async function onSubmit(body: SavedReplyInput) {
    try {
      await save.mutateAsync({ id: existing?.id ?? null, body });
      toast.success(existing ? t`Saved reply updated` : t`Saved reply added`);
      onDone();
    } catch (error) {
      const message = errorMessage(error, t`Failed to save the reply`);
      if (error instanceof ApiError && error.code === "duplicate_title") form.setError("title", { message });
      else if (error instanceof ApiError && error.code === "duplicate_shortcut") form.setError("shortcut", { message });
      else form.setError("root", { message });
    }
  }

  return (
    <>
      <DialogHeader>
        <p className="eyebrow text-gold-deep">{t`Saved reply`}</p>
        <DialogTitle>{existing ? t`Edit saved reply` : t`New saved reply`}</DialogTitle>
        <DialogDescription>
          {t`Placeholders: ${MEMBER_NAME}, ${FIRST_NAME} and ${REQUEST_TITLE}. A placeholder the conversation has no value for is left out.`}
        </DialogDescription>
      </DialogHeader>
      <Form form={form} onSubmit={onSubmit} className="grid">
        <TextField name="title" label={t`Title`} hint={t`Up to ${REPLY_TITLE_MAX} characters`} autoComplete="off" />
        <TextField
          name="shortcut"
          label={t`Short name (optional)`}
          hint={t`Type / and this name in a reply box to pick it: lower-case letters, digits and dashes.`}
          autoComplete="off"
        />
        <TextareaField
          name="text"
          label={t`Text`}
          rows={7}
          hint={t`Up to ${REPLY_TEXT_MAX} characters`}
          placeholder={t`Dear ${MEMBER_NAME}, …`}
        />
        <FormError />
        <FormActions onCancel={onDone} pending={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save reply`}
        </FormActions>
      </Form>
    </>
  );
}
