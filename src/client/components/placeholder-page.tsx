import { useDocumentTitle } from "@/client/lib/use-document-title";

/** A route whose screen is built by a later issue. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-4xl">{title}</h1>
    </section>
  );
}
