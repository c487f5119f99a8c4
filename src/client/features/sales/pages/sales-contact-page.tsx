import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { toast } from "sonner";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { Form, FormError, fieldsOf, useZodForm } from "@/client/components/form";
import { PageHeader } from "@/client/components/page-header";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatLongDate } from "@/shared/format";
import { salesInquirySchema } from "@/shared/schemas";
import { type Inquiry, type SalesInquiryInput, salesQueries, useSendInquiry } from "../api";

/** /sales-contact: write to the sales team; below, the member's own inquiries, newest first, with the replies. */
export default function SalesContactPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Contact Sales`);
  return (
    <div className="mx-auto max-w-4xl px-6 py-14 sm:py-20">
      <PageHeader
        eyebrow={t`Sales`}
        title={t`Contact Sales`}
        description={t`Questions about memberships, partnerships or a bespoke arrangement: our sales team answers personally.`}
      />
      <div className="mt-10 flex flex-col gap-12">
        <InquiryForm />
        <section aria-labelledby="your-inquiries">
          <h2 id="your-inquiries" className="font-serif text-3xl">
            {t`Your Inquiries`}
          </h2>
          <div className="mt-5">
            <InquiryList />
          </div>
        </section>
      </div>
    </div>
  );
}

function InquiryForm() {
  const { t } = useLingui();
  const send = useSendInquiry();
  const form = useZodForm(salesInquirySchema, { defaultValues: { subject: "", message: "" } });
  const { TextField, TextareaField } = fieldsOf(form);

  async function onSubmit(values: SalesInquiryInput) {
    try {
      await send.mutateAsync(values);
      form.reset();
      toast.success(t`Message sent to sales team!`);
    } catch (error) {
      const message = errorMessage(error, t`Failed to send message`);
      form.setError("root", { message });
      toast.error(message);
    }
  }

  return (
    <Card>
      <CardHeading title={t`Write to our sales team`} />
      <CardContent>
        <Form form={form} onSubmit={onSubmit}>
          <TextField name="subject" label={t`Subject`} maxLength={200} placeholder={t`What is it about?`} />
          <TextareaField
            name="message"
            label={t`Message`}
            rows={6}
            maxLength={5000}
            placeholder={t`Tell us how we can help…`}
          />
          <FormError />
          <div>
            <Button type="submit" disabled={send.isPending}>
              <Send /> {send.isPending ? t`Sending…` : t`Send Message`}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function InquiryList() {
  const { t } = useLingui();
  const query = useQuery(salesQueries.mine());
  return (
    <AsyncView
      query={query}
      loading={<ListSkeleton label={t`Loading your inquiries`} items={["h-28", "h-28"]} />}
      errorFallback={t`Failed to load your inquiries`}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState
          title={t`No inquiries yet`}
          description={t`Your messages to the sales team and their replies appear here.`}
        />
      }
    >
      {(data) => (
        <ul aria-label={t`Your inquiries`} className="flex flex-col gap-4">
          {data.items.map((inquiry) => (
            <InquiryItem key={inquiry.id} inquiry={inquiry} />
          ))}
        </ul>
      )}
    </AsyncView>
  );
}

function InquiryItem({ inquiry }: { inquiry: Inquiry }) {
  const { t } = useLingui();
  return (
    <li className="rounded-lg border border-stone bg-card px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{inquiry.subject}</h3>
          <p className="mt-0.5 text-xs text-ink-muted">
            <Trans>
              Sent <time dateTime={String(inquiry.createdAt)}>{formatLongDate(inquiry.createdAt)}</time>
            </Trans>
          </p>
        </div>
        <StatusBadge status={inquiry.status} />
      </div>
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-wrap break-words text-ink-muted">{inquiry.message}</p>
      {inquiry.adminReply && (
        <div className="mt-4 border-l-2 border-gold pl-4">
          <p className="eyebrow text-[0.65rem] text-gold-deep">{t`Reply from our sales team`}</p>
          <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-wrap break-words">{inquiry.adminReply}</p>
        </div>
      )}
    </li>
  );
}
